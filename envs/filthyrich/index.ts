/**
 * Filthy Rich (2-5 players): run businesses whose signs fill a four-page binder, collect on the
 * dice, pay taxes on every 0, and be the first to own three luxuries (or the last one solvent).
 * Rules: shared/rules/filthyrich.md; the actions are its §9 (actions.ts). Config: none ({}).
 */
import { defineGame } from '../core/define-game.js';
import { ACTION_RANGES, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { DEFAULT_PLAYERS, MAX_PLAYERS, MAX_STEPS, MIN_PLAYERS } from './components.js';
import { ENCODING_VERSION, encodeFilthyRich, layoutOf } from './encode.js';
import { encodeFilthyRichInto } from './encode-into.js';
import { GLOSSARY } from './glossary.js';
import { GAME, POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { apply, determinize, isOver, isTruncated, setup, toAct } from './transitions.js';
import { view, type FilthyRichView } from './view.js';

export type { FilthyRichView } from './view.js';

/** The config object; Filthy Rich has no options. */
export type FilthyRichConfig = Record<string, never>;

export const filthyrich = defineGame<typeof POSITION.spec.fields, FilthyRichView, FilthyRichConfig>({
  name: GAME,
  title: 'Filthy Rich',
  description:
    'Two to five tycoons open businesses in a four-page binder of signs, collect on the dice, dodge taxes ' +
    'and race to own three luxuries.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  actions: ACTION_RANGES,
  encodingVersion: ENCODING_VERSION,
  observationSegments: (players) => layoutOf(players).segments,
  // §7: the game ends right after decision 10,000 at the latest (turn 200 usually comes first, but
  // auctions make the decisions per turn unbounded, so the decision cap is the honest bound).
  maxGameLength: () => MAX_STEPS,
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
  encode: encodeFilthyRich,
  encodeInto: encodeFilthyRichInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
