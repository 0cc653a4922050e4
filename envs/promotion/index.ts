/**
 * Promotion (exactly 4 players): race to hold a King by promoting your four field cards through
 * hidden, simultaneously chosen rows of a rotating postcard. Rules: shared/rules/promotion.md.
 * Config: none ({}); the optional strict reveal variant of §8.15 is not implemented. The action
 * numbers are §9's. README.md lists the files of this folder.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { PLAYERS } from './components.js';
import { ENCODING_VERSION, LAYOUT, encodePromotion, encodePromotionInto } from './encode.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { MAX_GAME_LENGTH, apply, determinize, isOver, isTruncated, setup, toAct } from './transitions.js';
import { view, type PromotionView } from './view.js';

export type { PromotionView } from './view.js';

/** The config object; Promotion has no options. */
export type PromotionConfig = Record<string, never>;

export const promotion = defineGame<typeof POSITION.spec.fields, PromotionView, PromotionConfig>({
  name: 'promotion',
  title: 'Promotion',
  description: 'Four players race to promote a field card to a King by secretly choosing rows of a rotating postcard.',
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,
  defaultPlayers: PLAYERS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: () => LAYOUT.segments,
  maxGameLength: () => MAX_GAME_LENGTH,
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
  encode: encodePromotion,
  encodeInto: encodePromotionInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
