/**
 * Goofspiel, the example game of docs/adding-a-game.md: defined outside envs/ (in the test folder)
 * to show that a game is its own folder plus one registry line. Small, but with everything the
 * real games have: a shuffled deck (chance), a hidden bid (imperfect information), an event log.
 */
import { defineGame } from '../../../envs/index.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { CARDS } from './components.js';
import { ENCODING_VERSION, LAYOUT, encode } from './encode.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { apply, determinize, isOver, setup, toAct } from './transitions.js';
import { view, type GoofspielView } from './view.js';

export const goofspiel = defineGame<typeof POSITION.spec.fields, GoofspielView>({
  name: 'goofspiel',
  title: 'Goofspiel',
  description: 'Two players bid their cards for prize cards turned up one by one.',
  minPlayers: 2,
  maxPlayers: 2,
  defaultPlayers: 2,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: () => LAYOUT.segments,
  maxGameLength: () => 2 * CARDS,
  position: POSITION,
  setup,
  toAct,
  legalActions,
  whyIllegal,
  apply,
  isOver,
  isTruncated: () => false,
  ranking,
  scores,
  view,
  determinize,
  actionLabel,
  evaluate,
  encode,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
