import type { GlossaryEntry, RulesDoc } from './board.js';
import type { ActionRange } from './define-game.js';
import type { Rng } from './rng.js';
import type { ObservationSegment, Segment } from './segments.js';

/**
 * What one seat may see: plain JSON, built field by field by the game (style G10). Renderers,
 * encoders, agents and the arena read views, never states. Every view names its seat and the
 * player count; everything else is the game's own.
 */
export interface PlayerView {
  /** The seat this view belongs to; -1 for a spectator (public information only). */
  readonly seat: number;
  /** Number of seats in the game. */
  readonly players: number;
  /** The seat to act (-1 once the game is over). Public in every game of this project. */
  readonly toAct: number;
  /** True once the game is over. */
  readonly isOver: boolean;
}

/**
 * currentPlayer() at a chance point of a state in explicit-chance mode (OpenSpiel's chance player;
 * -1 stays "terminal"). Only explicit-chance states ever return it.
 */
export const CHANCE = -2;

/**
 * How a state meets chance points. 'implicit' (the default, what agents, envs and the arena get):
 * the kit samples each outcome with the state's own RNG, so no chance point is ever seen and a
 * seed gives one game. 'explicit' (tools: CFR, exact best response, exploitability): at a chance
 * point currentPlayer() is CHANCE, chanceOutcomes() lists the outcomes with their probabilities,
 * and applyAction(outcome) picks one.
 */
export type ChanceMode = 'implicit' | 'explicit';

/** One outcome of a chance point: its number (the action that applies it), probability and label. */
export interface ChanceOutcome {
  readonly outcome: number;
  readonly probability: number;
  readonly label: string;
}

/** Options for loading a saved state. */
export interface LoadOptions {
  /** Chance mode of the loaded state (default 'implicit': a chance point in the file is resolved). */
  chance?: ChanceMode;
}

/** Options for a new game. */
export interface NewGameOptions<Config = unknown> {
  /** Seat count; must lie in [minPlayers, maxPlayers]. */
  players: number;
  /** Seed of the game's own RNG: seedrandom alea of String(seed), nothing mixed in. */
  seed: number | string;
  /** Game-specific options, documented in the game's index.ts header (checkConfig). */
  config?: Config;
  /** Chance mode (default 'implicit'); 'explicit' only for games with hasExplicitChance. */
  chance?: ChanceMode;
}

/**
 * A game's static facts and factories (OpenSpiel's Game). One object per game, registered in
 * envs/games.ts. Everything here is a pure function of its arguments.
 */
export interface GameDefinition<Config = unknown, View extends PlayerView = PlayerView> {
  /** Registry name: lowercase, no spaces ('promotion'). */
  readonly name: string;
  /** Display name for people ('City Plan Delta'). */
  readonly title: string;
  /** One line saying what the game is. */
  readonly description: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultPlayers: number;
  /** Size of the fixed flat action space: actions are 0..actionSize-1 (rules file section 9). */
  readonly actionSize: number;
  /** The action space in blocks, in order, covering 0..actionSize-1: the generated action table. */
  readonly actions: readonly ActionRange[];
  /** The observation layout in named segments for a seat count: the generated layout table. */
  observationSegments(players: number): readonly Segment[];
  /**
   * The observation vector for a seat count, segment by segment: name, offset, size and meaning
   * (docs/observations/<game>.md is generated from it).
   */
  observationLayout(players: number): readonly ObservationSegment[];
  /** Version of the observation encoding; bumped on any change. Models record it. */
  readonly encodingVersion: number;
  /** Fixed length of the observation vector for this seat count. */
  observationSize(players: number): number;
  /**
   * Upper bound on the number of decisions (applyAction calls) in one game with this seat count,
   * derived from the rules' turn cap. The conformance checker asserts every game ends within it.
   */
  maxGameLength(players: number): number;
  /**
   * Largest |return| of a seat: GameState.returns() lie in [-returnScale, returnScale]. 1 for games
   * whose returns come from the ranking; 2 for Kuhn poker's chips. Searches and value targets work
   * in [-1, 1]: they divide by it (normalizedReturns in envs/core/returns.ts).
   */
  readonly returnScale: number;
  /** What returns count: 'rank' (from the ranking, the default) or the game's own unit ('chips'). */
  readonly returnUnit: string;
  /** True when the game has chance points it can show one by one (newGame({ chance: 'explicit' })). */
  readonly hasExplicitChance: boolean;
  /** True when states give an information-state key per seat (GameState.informationState). */
  readonly hasInformationStates: boolean;
  /** Starts a game. Throws PlayerCountError for a seat count outside [minPlayers, maxPlayers]. */
  newGame(options: NewGameOptions<Config>): GameState<View>;
  /**
   * Exact inverse of GameState.toJSON(). Throws InvalidStateError naming what is malformed. In the
   * default implicit mode a saved chance point is resolved with the state's RNG on loading; pass
   * { chance: 'explicit' } to load it as it stands.
   */
  fromJSON(json: unknown, options?: LoadOptions): GameState<View>;
  /**
   * Heuristic value in [-1, 1] of `state` for `player` (search cutoffs, greedy play). May read the
   * whole state; agents only ever hold states from determinize, so this never leaks.
   */
  evaluate(state: GameState<View>, player: number): number;
  /** The observation vector of a view. observation(p) === encode(view(p)) for every state. */
  encode(view: View): Float32Array;
  /** Terminal rendering of a view (pure). */
  renderText(view: View): string;
  /** An HTML fragment for the arena's game page (pure; text escaped): the text view of the board. */
  renderHtml(view: View): string;
  /**
   * The board drawn as an inline SVG (pure; board.ts's svgBoard, SEAT_COLORS): laid out like the
   * table, with a <title> on every card and piece, and what the seat may not see as card backs.
   */
  renderSvg(view: View): string;
  /** The decision the view's seat is asked, in one plain sentence ('' when it is not that seat's turn). */
  describeDecision(view: View): string;
  /** Every card, tile and item by the name the pages show, with what it does (from the game's tables). */
  readonly glossary: readonly GlossaryEntry[];
  /** The rules for players, with the tables generated from the code (the arena's /games/<game>/rules). */
  readonly rules: RulesDoc;
}

/**
 * One position of a game (OpenSpiel's State): mutable, cloned for search. Chance (shuffles, dice)
 * happens inside applyAction from the RNG the state holds, so by default there are no chance
 * points to step; a game with hasExplicitChance shows them in explicit mode (ChanceMode).
 */
export interface GameState<View extends PlayerView = PlayerView> {
  /** Number of seats. */
  readonly players: number;
  /** How this state meets chance points; clone() and determinize() keep it. */
  readonly chanceMode: ChanceMode;
  /** Seat to act; -1 when terminal; CHANCE (-2) at a chance point of an explicit-chance state. */
  currentPlayer(): number;
  /**
   * Legal actions of the seat to act, sorted ascending, unique; empty only when terminal. At a
   * chance point: the outcomes' numbers.
   */
  legalActions(): number[];
  /**
   * The outcomes of the chance point with their probabilities (> 0, summing to 1) and labels,
   * sorted by outcome; [] when the state is not at a chance point (always, in implicit mode).
   */
  chanceOutcomes(): ChanceOutcome[];
  /**
   * Plays `action` for the seat to act. Throws IllegalActionError (naming the seat, the action and
   * the legal ones) and leaves the state untouched if the action is not legal now.
   */
  applyAction(action: number): void;
  /** True when no decision remains (a natural end or the turn cap). */
  isTerminal(): boolean;
  /** True when the game was ended by the rules' turn cap (isTerminal() is then true as well). */
  isTruncated(): boolean;
  /**
   * Final place per seat, 0 = first; ties share a place and the next place skips (competition
   * ranking 0, 0, 2). Only meaningful once terminal; before that it ranks by the current scores.
   */
  ranking(): number[];
  /** The game's own score per seat (victory points, money, highest card...). */
  scores(): number[];
  /**
   * Final return per seat, zero-sum, each in [-returnScale, returnScale] (GameDefinition): by
   * default returnsFromRanking(ranking()); a game with its own payoffs pays them (Kuhn's chips).
   * Only meaningful once terminal.
   */
  returns(): number[];
  /**
   * The seat's information-state key: its perfect-recall history of what it observed and did
   * (OpenSpiel's InformationStateString). Two states give the same key for a seat exactly when
   * that seat cannot tell them apart. Throws AgoraError('bad_request') for a game without them.
   */
  informationState(seat: number): string;
  /**
   * Everything `player` may see, nothing more: plain JSON. `view(-1)` is the spectator's view:
   * public information only (replays and onlookers use it).
   */
  view(player: number): View;
  /** encode(view(player)); never reads hidden state. Length observationSize(players). */
  observation(player: number): Float32Array;
  /**
   * Writes observation(player) into out[offset .. offset + observationSize(players)) without
   * building the view or allocating (the environments' hot path); equal to it value for value.
   */
  observeInto(player: number, out: Float32Array, offset?: number): void;
  /**
   * A full state consistent with view(player): everything that seat cannot see resampled with
   * `rng`, and the state's own RNG reseeded from `rng`. The result's view(player) equals this one's.
   */
  determinize(player: number, rng: Rng): GameState<View>;
  /** Deep, independent copy (RNG included). */
  clone(): GameState<View>;
  /** Stable, human-readable label of an action (of an outcome at a chance point), unique among the legal ones now. */
  actionToString(action: number): string;
  /** The full state, RNG included, as plain JSON: fromJSON(toJSON()) resumes exactly. */
  toJSON(): unknown;
}
