/**
 * Kuhn poker (2 players), rules as OpenSpiel's kuhn_poker: the reference game for the payoff,
 * chance and information-state parts of the kit. Chips are the returns (returnScale 2, unit
 * 'chips'); the two deals are chance points a tool can step one by one (newGame({ chance:
 * 'explicit' })); informationState gives each seat's key, so CFR and best response can walk the
 * tree. OpenSpiel also plays it with more players; this project keeps two. No config.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { MAX_BETS, MAX_STAKE, SEATS } from './components.js';
import { ENCODING_VERSION, LAYOUT, encode } from './encode.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, payoffs, ranking, scores } from './scoring.js';
import { apply, applyChance, chanceOutcomes, determinize, isOver, setup, toAct } from './transitions.js';
import { informationState, view, type KuhnView } from './view.js';

export type { KuhnView } from './view.js';

export const kuhn = defineGame<typeof POSITION.spec.fields, KuhnView>({
  name: 'kuhn',
  title: 'Kuhn poker',
  description: 'Two players, three cards, one betting round, played for chips: the smallest real poker.',
  minPlayers: SEATS,
  maxPlayers: SEATS,
  defaultPlayers: SEATS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: () => LAYOUT.segments,
  maxGameLength: () => MAX_BETS,
  position: POSITION,
  setup,
  toAct,
  legalActions,
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
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
