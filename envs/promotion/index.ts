import type { GameDefinition } from '../core/game.js';
import { ENCODING_VERSION, encodePromotion, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import {
  ACTION_SIZE,
  GAME,
  MAX_GAME_LENGTH,
  PLAYERS,
  PromotionState,
  evaluatePosition,
  type PromotionConfig,
  type PromotionView,
} from './rules.js';

export type { PromotionConfig, PromotionView } from './rules.js';

export const promotion = {
  name: GAME,
  title: 'Promotion',
  description: 'Four players race to promote a field card to a King by secretly choosing rows of a rotating postcard.',
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,
  defaultPlayers: PLAYERS,
  actionSize: ACTION_SIZE,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  maxGameLength: (_players: number) => MAX_GAME_LENGTH,
  newGame: (options) => PromotionState.newGame(options),
  fromJSON: (json) => PromotionState.fromJSON(json),
  evaluate: (state, player) => {
    if (!(state instanceof PromotionState)) throw new TypeError('promotion.evaluate needs a promotion state');
    return evaluatePosition(state, player);
  },
  encode: encodePromotion,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<PromotionConfig, PromotionView>;
