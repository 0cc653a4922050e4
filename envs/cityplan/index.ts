/**
 * City Plan Delta (2-5 players): build a city of 10 buildings, paying for each with other hand
 * cards and power chips, after secretly choosing Income, Exchange or Council each turn.
 * Rules: shared/rules/cityplan-delta.md. Config: { variant?: 'delta' | 'plain' } (default 'delta';
 * 'plain' is §8.1). The action numbers are §9's.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS } from './components.js';
import { ENCODING_VERSION, encodeCityPlan, observationSegments } from './encode.js';
import { encodeCityPlanInto } from './encode-into.js';
import { GLOSSARY } from './glossary.js';
import { GAME, POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import {
  apply,
  checkConfig,
  determinize,
  isOver,
  isTruncated,
  maxGameLength,
  setup,
  toAct,
  type CityPlanConfig,
} from './transitions.js';
import { view, type CityPlanView } from './view.js';

export type { CityPlanConfig } from './transitions.js';
export type { CityPlanView } from './view.js';

export const cityplan = defineGame<typeof POSITION.spec.fields, CityPlanView, CityPlanConfig>({
  name: GAME,
  title: 'City Plan Delta',
  description:
    'Grow a city to 10 buildings, paying with other cards and power, after secretly choosing Income, ' +
    'Exchange or Council each turn.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments,
  maxGameLength,
  position: POSITION,
  setup,
  checkConfig,
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
  encode: encodeCityPlan,
  encodeInto: encodeCityPlanInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
