import type { GameDefinition } from '../core/game.js';
import { ENCODING_VERSION, encodePerikles, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import {
  ACTION_SIZE,
  DEFAULT_PLAYERS,
  GAME,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PeriklesState,
  STEP_CAP,
  evaluatePosition,
  type PeriklesConfig,
  type PeriklesView,
} from './rules.js';

export type { PeriklesConfig, PeriklesView } from './rules.js';

export const perikles = {
  name: GAME,
  title: 'Perikles',
  description:
    'Noble families of ancient Greece win elections in six cities, then lead their armies and the Persians to battle.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  // §7 Decision: the environment ends every game after at most 3,000 applied actions.
  maxGameLength: (_players: number) => STEP_CAP,
  newGame: (options) => PeriklesState.newGame(options),
  fromJSON: (json) => PeriklesState.fromJSON(json),
  evaluate: (state, player) => {
    if (!(state instanceof PeriklesState)) throw new TypeError('perikles.evaluate needs a perikles state');
    return evaluatePosition(state, player);
  },
  encode: encodePerikles,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<PeriklesConfig, PeriklesView>;
