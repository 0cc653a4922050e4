import type { GameDefinition } from '../core/game.js';
import { ENCODING_VERSION, encodeFilthyRich, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import {
  ACTION_SIZE,
  FilthyRichState,
  GAME,
  MAX_PLAYERS,
  MAX_STEPS,
  MIN_PLAYERS,
  evaluatePosition,
  type FilthyRichConfig,
  type FilthyRichView,
} from './rules.js';
import { DEFAULT_PLAYERS } from './table.js';

export type { FilthyRichConfig, FilthyRichView } from './rules.js';

export const filthyrich = {
  name: GAME,
  title: 'Filthy Rich',
  description:
    'Two to five tycoons open businesses in a four-page binder of signs, collect on the dice, dodge taxes and race to own three luxuries.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  // §7: the game ends right after decision 10,000 at the latest (turn 200 usually comes first, but
  // auctions make the decisions per turn unbounded, so the decision cap is the honest bound).
  maxGameLength: (_players: number) => MAX_STEPS,
  newGame: (options) => FilthyRichState.newGame(options),
  fromJSON: (json) => FilthyRichState.fromJSON(json),
  evaluate: (state, player) => {
    if (!(state instanceof FilthyRichState)) throw new TypeError('filthyrich.evaluate needs a filthyrich state');
    return evaluatePosition(state, player);
  },
  encode: encodeFilthyRich,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<FilthyRichConfig, FilthyRichView>;
