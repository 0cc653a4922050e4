import type { GameDefinition } from '../core/game.js';
import { ENCODING_VERSION, encodePhiladelphia, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import {
  ACTION_SIZE,
  DEFAULT_PLAYERS,
  GAME,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PhiladelphiaState,
  evaluatePosition,
  maxGameLength,
  type PhiladelphiaConfig,
  type PhiladelphiaView,
} from './rules.js';

export type { PhiladelphiaConfig, PhiladelphiaView } from './rules.js';

export const philadelphia = {
  name: GAME,
  title: 'Philadelphia',
  description:
    'Advertising agents post ads for gold, chain card effects and race to 10 VP by submitting sets from hand.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  maxGameLength,
  newGame: (options) => PhiladelphiaState.newGame(options),
  fromJSON: (json) => PhiladelphiaState.fromJSON(json),
  evaluate: (state, player) => {
    if (!(state instanceof PhiladelphiaState)) throw new TypeError('philadelphia.evaluate needs a philadelphia state');
    return evaluatePosition(state, player);
  },
  encode: encodePhiladelphia,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<PhiladelphiaConfig, PhiladelphiaView>;
