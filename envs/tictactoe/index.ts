/**
 * Tic-tac-toe (2 players): the reference game for testing agents, as OpenSpiel and PettingZoo keep
 * one, and the smallest example of a game folder (docs/adding-a-game.md walks through it). Seat 0
 * plays X and moves first. No chance, no hidden information, no config.
 */
import { defineGame } from '../core/define-game.js';
import { ACTIONS, ACTION_SIZE, actionLabel, legalActions, whyIllegal } from './actions.js';
import { describeDecision, renderSvg } from './board.js';
import { CELLS } from './components.js';
import { ENCODING_VERSION, LAYOUT, encodeTicTacToe, encodeTicTacToeInto } from './encode.js';
import { GLOSSARY } from './glossary.js';
import { POSITION } from './position.js';
import { renderHtml, renderText } from './render.js';
import { RULES } from './rules-doc.js';
import { evaluate, ranking, scores } from './scoring.js';
import { apply, determinize, isOver, setup, toAct } from './transitions.js';
import { view, type TicTacToeView } from './view.js';

export type { TicTacToeView } from './view.js';

export const tictactoe = defineGame<typeof POSITION.spec.fields, TicTacToeView>({
  name: 'tictactoe',
  title: 'Tic-tac-toe',
  description: 'Three in a row on a 3x3 grid; the reference game for testing agents.',
  minPlayers: 2,
  maxPlayers: 2,
  defaultPlayers: 2,
  actionSize: ACTION_SIZE,
  actions: ACTIONS,
  encodingVersion: ENCODING_VERSION,
  observationSegments: () => LAYOUT.segments,
  maxGameLength: () => CELLS,
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
  encode: encodeTicTacToe,
  encodeInto: encodeTicTacToeInto,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
});
