/**
 * Perikles (3-5 players): influence over six Greek cities, elections, and battles for Location
 * tiles fought with the cities' armies and the Persians. Rules: shared/rules/perikles.md.
 * Config: none ({}). The folder follows the kit's layout (README.md); the rules of each phase are
 * the topic modules influence.ts, military.ts and battle.ts.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { DEFAULT_PLAYERS, GAME, MAX_PLAYERS, MIN_PLAYERS, STEP_CAP } from './components.js';
import { ENCODING_VERSION, encodePerikles, layout } from './encode.js';
import { encodePeriklesInto } from './encode-into.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { apply, determinize, isOver, isTruncated, setup, toAct } from './transitions.js';
import { view, type PeriklesView } from './view.js';

export type { PeriklesView } from './view.js';

/** The config object; Perikles has no options. */
export type PeriklesConfig = Record<string, never>;

export const perikles = defineGame<typeof POSITION.spec.fields, PeriklesView, PeriklesConfig>({
  name: GAME,
  title: 'Perikles',
  description:
    'Noble families of ancient Greece win elections in six cities, then lead their armies and the Persians to battle.',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: DEFAULT_PLAYERS,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: (players) => layout(players).segments,
  // §7 Decision: the environment ends every game after at most 3,000 applied actions.
  maxGameLength: () => STEP_CAP,
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
  encode: encodePerikles,
  encodeInto: encodePeriklesInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
