/**
 * Philadelphia (2-4 players): advertising agents post ad cards that a die establishes for gold or
 * that default, chain card effects, and score VP only by submitting sets from hand; first to 10 VP
 * at a round's end (cap 40 rounds). Rules: shared/rules/philadelphia.md. Config: none ({}).
 * The folder's layout is the kit's (envs/core/define-game.ts); README.md lists the files.
 */
import { defineGame } from '../core/define-game.js';
import type { GameState } from '../core/game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS } from './components.js';
import { ENCODING_VERSION, encodePhiladelphia, layoutOf } from './encode.js';
import { encodePhiladelphiaInto } from './encode-into.js';
import { GLOSSARY } from './glossary.js';
import { GAME, POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { apply, determinize, isOver, isTruncated, maxGameLength, setup, toAct } from './transitions.js';
import { view, type PhiladelphiaView } from './view.js';

export type { PhiladelphiaView } from './view.js';
export { MAX_ROUNDS } from './components.js';
export { maxGameLength } from './transitions.js';

/** The config object; Philadelphia has no options. */
export type PhiladelphiaConfig = Record<string, never>;
/** A Philadelphia game state (the kit's, around a PhiladelphiaPosition). */
export type PhiladelphiaState = GameState<PhiladelphiaView>;

export const philadelphia = defineGame<typeof POSITION.spec.fields, PhiladelphiaView, PhiladelphiaConfig>({
  name: GAME,
  title: 'Philadelphia',
  description:
    'Advertising agents post ads for gold, chain card effects and race to 10 VP by submitting sets from hand.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: (players) => layoutOf(players).segments,
  maxGameLength,
  position: POSITION,
  setup,
  toAct,
  legalActions,
  whyIllegal,
  apply,
  isOver,
  isTruncated,
  ranking,
  scores,
  view,
  determinize,
  actionLabel,
  evaluate,
  encode: encodePhiladelphia,
  encodeInto: encodePhiladelphiaInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
