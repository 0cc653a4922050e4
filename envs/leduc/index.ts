/**
 * Leduc hold'em (2 players), rules as OpenSpiel's leduc_poker: six cards, two betting rounds, a
 * public card. The second reference game for the payoff, chance and information-state parts of the
 * kit, and the first whose tree is too big to check by hand: chips are the returns (returnScale 13,
 * unit 'chips'); the three deals are chance points a tool can step one by one (newGame({ chance:
 * 'explicit' })); informationState gives each seat's key (936 at decision points, as OpenSpiel),
 * so CFR and best response can walk the tree. OpenSpiel also plays it with more players; this
 * project keeps two. No config.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { MAX_DECISIONS, MAX_STAKE, SEATS } from './components.js';
import { ENCODING_VERSION, LAYOUT, encode } from './encode.js';
import { encodeInto } from './encode-into.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, payoffs, ranking, scores } from './scoring.js';
import { apply, applyChance, chanceOutcomes, determinize, isOver, setup, toAct } from './transitions.js';
import { informationState, view, type LeducView } from './view.js';

export type { LeducView } from './view.js';

export const leduc = defineGame<typeof POSITION.spec.fields, LeducView>({
  name: 'leduc',
  title: "Leduc hold'em",
  description: 'Two players, six cards, two betting rounds and a public card, played for chips: poker with a board.',
  minPlayers: SEATS,
  maxPlayers: SEATS,
  defaultPlayers: SEATS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: () => LAYOUT.segments,
  maxGameLength: () => MAX_DECISIONS,
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
  payoffs,
  returnScale: MAX_STAKE,
  returnUnit: 'chips',
  chanceOutcomes,
  applyChance,
  informationState,
  encode,
  encodeInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
