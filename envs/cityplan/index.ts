import type { GameDefinition } from '../core/game.js';
import { DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS } from './cards.js';
import { ENCODING_VERSION, encodeCityPlan, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import {
  ACTION_SIZE,
  CityPlanState,
  GAME,
  evaluatePosition,
  maxGameLength,
  type CityPlanConfig,
  type CityPlanView,
} from './rules.js';

export type { CityPlanConfig, CityPlanView } from './rules.js';

export const cityplan = {
  name: GAME,
  title: 'City Plan Delta',
  description:
    'Grow a city to 10 buildings, paying with other cards and power, after secretly choosing Income, Exchange or Council each turn.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  maxGameLength,
  newGame: (options) => CityPlanState.newGame(options),
  fromJSON: (json) => CityPlanState.fromJSON(json),
  evaluate: (state, player) => {
    if (!(state instanceof CityPlanState)) throw new TypeError('cityplan.evaluate needs a cityplan state');
    return evaluatePosition(state, player);
  },
  encode: encodeCityPlan,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<CityPlanConfig, CityPlanView>;
