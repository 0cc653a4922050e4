/**
 * The game kit: a game is its position declaration (position.ts) and pure functions over that
 * position; defineGame turns them into the GameDefinition and GameState every agent, wrapper and
 * the arena use. So all six games have one shape, and a new game writes rules, not plumbing:
 * legality errors, clone, saved states, observations and seat checks are done here once.
 */
import { AgoraError, IllegalActionError } from './errors.js';
import {
  CHANCE,
  type ChanceMode,
  type ChanceOutcome,
  type GameDefinition,
  type GameState,
  type LoadOptions,
  type NewGameOptions,
  type PlayerView,
} from './game.js';
import type { GlossaryEntry, RulesDoc } from './board.js';
import type { Fields, Position, PositionKit } from './position.js';
import { assertPlayerCount } from './registry.js';
import { returnsFromRanking } from './returns.js';
import type { Rng } from './rng.js';
import { layoutOf, type Segment } from './segments.js';

/** One block of the flat action space, for the generated action table (docs/rules/<game>.md). */
export interface ActionRange {
  /** First action number of the block. */
  readonly first: number;
  /** Number of actions in the block. */
  readonly count: number;
  /** What the block's actions do, and how the number within the block is read. */
  readonly meaning: string;
}

/** What a game writes; defineGame derives the rest. P is the game's position type. */
export interface GameRules<F extends Fields, View extends PlayerView, Config> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultPlayers: number;
  readonly actionSize: number;
  /** The action space in blocks, in order, covering 0..actionSize-1 (checked by defineGame). */
  readonly actions: readonly ActionRange[];
  readonly encodingVersion: number;
  /** The observation layout in named segments for a seat count (envs/core/segments.ts). */
  observationSegments(players: number): readonly Segment[];
  maxGameLength(players: number): number;
  /** The position declaration: fields, saved-state version, cross-field checks. */
  readonly position: PositionKit<F>;

  /**
   * A new game's position: deal, shuffle and draw from an Rng seeded with `options.seed` (the
   * position's rng field). `config` was checked by checkConfig first.
   */
  setup(players: number, seed: number | string, config: Config | undefined): Position<F>;
  /** Throws AgoraError('bad_request') naming a bad option; the default accepts only undefined or {}. */
  checkConfig?(config: unknown): void;
  /** The seat to act, -1 when the game is over, CHANCE when the next event is a chance point. */
  toAct(p: Position<F>): number;
  /** Legal actions, sorted ascending, unique; [] when over. */
  legalActions(p: Position<F>): number[];
  /** Why `action` is not legal now (undefined when it is). The default looks it up in legalActions. */
  whyIllegal?(p: Position<F>, action: number): string | undefined;
  /** Plays a legal action for the seat to act, chance included (draws come from the position's rng). */
  apply(p: Position<F>, action: number): void;
  isOver(p: Position<F>): boolean;
  /** True when the game was ended by the turn cap. */
  isTruncated(p: Position<F>): boolean;
  /** Competition ranking, 0 = first (GameState.ranking). */
  ranking(p: Position<F>): number[];
  scores(p: Position<F>): number[];
  /** Everything `seat` may see (-1: the spectator), as plain JSON. */
  view(p: Position<F>, seat: number): View;
  /** A position consistent with view(p, seat): hidden information resampled from `rng`, the rng reseeded. */
  determinize(p: Position<F>, seat: number, rng: Rng): Position<F>;
  /** A label of `action`, unique among the legal ones now. */
  actionLabel(p: Position<F>, action: number): string;
  /** Heuristic value in [-1, 1] for `seat` (search cutoffs, greedy). */
  evaluate(p: Position<F>, seat: number): number;

  /**
   * Optional: the game's own zero-sum returns per seat once over (chips, a score margin), each in
   * [-returnScale, returnScale]. Without it the returns are returnsFromRanking(ranking(p)).
   */
  payoffs?(p: Position<F>): number[];
  /** With payoffs: the largest |return| of a seat. */
  readonly returnScale?: number;
  /** With payoffs: what the returns count ('chips'). */
  readonly returnUnit?: string;

  /**
   * Optional, with applyChance: the outcomes of the chance point the position is at (toAct(p) is
   * CHANCE), sorted by outcome, distinct integers, probabilities > 0 summing to 1. actionLabel(p,
   * outcome) names each. The position must have a field `rng: field.rng()`: in the default implicit
   * mode the kit samples the outcome from it (one rng.next() per chance point).
   */
  chanceOutcomes?(p: Position<F>): readonly { outcome: number; probability: number }[];
  /** Applies a chance outcome listed by chanceOutcomes (no draw from the rng). */
  applyChance?(p: Position<F>, outcome: number): void;
  /**
   * Optional: the seat's information-state key, its perfect-recall history of what it observed and
   * did; equal for two positions exactly when the seat cannot tell them apart.
   */
  informationState?(p: Position<F>, seat: number): string;

  encode(view: View): Float32Array;
  /**
   * Writes encode(view(p, seat)) straight from the position into out[offset ..], value for value
   * (the checker compares the two). The kit zeroes that range first, so only nonzero values need
   * writing. Optional: without it observations go through view and encode.
   */
  encodeInto?(p: Position<F>, seat: number, out: Float32Array, offset: number): void;
  renderText(view: View): string;
  renderHtml(view: View): string;
  renderSvg(view: View): string;
  describeDecision(view: View): string;
  readonly glossary: readonly GlossaryEntry[];
  readonly rules: RulesDoc;
}

/** The GameDefinition of a kit game, with its rules and a way back from a state to its position. */
export interface KitGame<F extends Fields, View extends PlayerView, Config> extends GameDefinition<Config, View> {
  readonly kit: GameRules<F, View, Config>;
  /** The action space in blocks (docs and tools). */
  readonly actions: readonly ActionRange[];
  /** The observation layout in named segments for a seat count. */
  observationSegments(players: number): readonly Segment[];
  /** The position inside a state of this game (tests, evaluators); throws for another game's state. */
  positionOf(state: GameState<View>): Position<F>;
  /**
   * A state around a position (tests build positions by hand; fromJSON is the checked way in). In
   * the default implicit mode a chance point the position stands at is resolved from its rng.
   */
  stateOf(p: Position<F>, chance?: ChanceMode): GameState<View>;
}

class KitState<F extends Fields, View extends PlayerView, Config> implements GameState<View> {
  constructor(
    readonly rules: GameRules<F, View, Config>,
    readonly p: Position<F>,
    /** Observation size by seat count (shared by every state of the game). */
    private readonly sizes: readonly number[],
    readonly chanceMode: ChanceMode,
  ) {
    if (chanceMode === 'implicit') resolveChance(rules, p);
  }

  get players(): number {
    return this.p.players;
  }

  currentPlayer(): number {
    return this.rules.toAct(this.p);
  }

  legalActions(): number[] {
    if (this.atChance()) return this.rules.chanceOutcomes!(this.p).map((o) => o.outcome);
    return this.rules.legalActions(this.p);
  }

  chanceOutcomes(): ChanceOutcome[] {
    if (!this.atChance()) return [];
    const r = this.rules;
    return r.chanceOutcomes!(this.p).map(({ outcome, probability }) => ({
      outcome,
      probability,
      label: r.actionLabel(this.p, outcome),
    }));
  }

  /** Only an explicit-chance state ever stands at a chance point (implicit ones resolve them). */
  private atChance(): boolean {
    return this.chanceMode === 'explicit' && this.rules.toAct(this.p) === CHANCE && !this.rules.isOver(this.p);
  }

  applyAction(action: number): void {
    const r = this.rules;
    if (this.atChance()) {
      const outcomes = r.chanceOutcomes!(this.p);
      if (!outcomes.some((o) => o.outcome === action)) {
        throw new IllegalActionError(
          r.name,
          CHANCE,
          action,
          'it is not one of the listed outcomes',
          outcomes.map((o) => `${o.outcome}=${r.actionLabel(this.p, o.outcome)} (p=${o.probability})`),
        );
      }
      r.applyChance!(this.p, action);
      return;
    }
    const reason = whyIllegal(r, this.p, action);
    if (reason !== undefined) {
      const legal = r.isOver(this.p) ? [] : r.legalActions(this.p);
      throw new IllegalActionError(
        r.name,
        r.toAct(this.p),
        action,
        reason,
        legal.map((a) => `${a}=${r.actionLabel(this.p, a)}`),
      );
    }
    r.apply(this.p, action);
    if (this.chanceMode === 'implicit') resolveChance(r, this.p);
  }

  isTerminal(): boolean {
    return this.rules.isOver(this.p);
  }

  isTruncated(): boolean {
    return this.rules.isTruncated(this.p);
  }

  ranking(): number[] {
    return this.rules.ranking(this.p);
  }

  scores(): number[] {
    return this.rules.scores(this.p);
  }

  returns(): number[] {
    const r = this.rules;
    return r.payoffs ? r.payoffs(this.p) : returnsFromRanking(r.ranking(this.p));
  }

  informationState(seat: number): string {
    const r = this.rules;
    if (!r.informationState) {
      throw new AgoraError('bad_request', `${r.name}: the game has no information-state keys (hasInformationStates)`);
    }
    if (seat >>> 0 !== seat || seat >= this.p.players) {
      throw new AgoraError(
        'bad_request',
        `${r.name}: informationState takes a seat 0..${this.p.players - 1}; got ${String(seat)}`,
      );
    }
    return r.informationState(this.p, seat);
  }

  view(player: number): View {
    this.checkSeat(player);
    return this.rules.view(this.p, player);
  }

  observation(player: number): Float32Array {
    const out = new Float32Array(this.sizes[this.p.players]);
    this.observeInto(player, out, 0);
    return out;
  }

  observeInto(player: number, out: Float32Array, offset = 0): void {
    this.checkSeat(player);
    const r = this.rules;
    const size = this.sizes[this.p.players];
    if (offset >>> 0 !== offset || offset + size > out.length) {
      throw new AgoraError(
        'bad_request',
        `${r.name}: an observation needs ${size} values from offset ${offset}; the buffer has ${out.length}`,
      );
    }
    if (r.encodeInto) {
      out.fill(0, offset, offset + size);
      r.encodeInto(this.p, player, out, offset);
    } else {
      out.set(r.encode(r.view(this.p, player)), offset);
    }
  }

  determinize(player: number, rng: Rng): GameState<View> {
    this.checkSeat(player);
    return new KitState(this.rules, this.rules.determinize(this.p, player, rng), this.sizes, this.chanceMode);
  }

  /** A seat 0..players-1, or -1 for the spectator; anything else would read past the per-seat arrays. */
  private checkSeat(seat: number): void {
    if (seat >>> 0 !== seat && seat !== -1) this.badSeat(seat);
    if (seat >= this.p.players) this.badSeat(seat);
  }

  private badSeat(seat: number): never {
    throw new AgoraError(
      'bad_request',
      `${this.rules.name}: seat ${seat} is not a seat of this ${this.p.players}-player game ` +
        `(0..${this.p.players - 1}, or -1 for the spectator)`,
    );
  }

  clone(): GameState<View> {
    return new KitState(this.rules, this.rules.position.clone(this.p), this.sizes, this.chanceMode);
  }

  actionToString(action: number): string {
    return this.rules.actionLabel(this.p, action);
  }

  toJSON(): unknown {
    return this.rules.position.toJSON(this.p);
  }
}

function whyIllegal<F extends Fields, View extends PlayerView, Config>(
  r: GameRules<F, View, Config>,
  p: Position<F>,
  action: number,
): string | undefined {
  if (r.isOver(p)) return 'the game is over';
  if (!Number.isInteger(action) || action < 0 || action >= r.actionSize) {
    return `actions are integers 0..${r.actionSize - 1}`;
  }
  if (r.whyIllegal) return r.whyIllegal(p, action);
  return r.legalActions(p).includes(action) ? undefined : 'it is not legal now';
}

/**
 * Plays out the chance points a position stands at, sampling each outcome from the position's rng:
 * one uniform u per chance point, and the first outcome whose cumulative probability exceeds u.
 */
function resolveChance<F extends Fields, View extends PlayerView, Config>(
  r: GameRules<F, View, Config>,
  p: Position<F>,
): void {
  if (!r.chanceOutcomes) return;
  while (r.toAct(p) === CHANCE && !r.isOver(p)) {
    r.applyChance!(p, sampleOutcome(r.chanceOutcomes(p), (p as unknown as { rng: Rng }).rng));
  }
}

/** The outcome a uniform draw from `rng` picks by the probabilities (the kit's one chance sampler). */
function sampleOutcome(outcomes: readonly { outcome: number; probability: number }[], rng: Rng): number {
  const u = rng.next();
  let total = 0;
  for (const o of outcomes) {
    total += o.probability;
    if (u < total) return o.outcome;
  }
  // Rounding can leave the sum an ulp short of 1: the last outcome takes the rest.
  return outcomes[outcomes.length - 1].outcome;
}

/** Checks that the optional payoff and chance members come with the ones they need. */
function checkOptionalRules<F extends Fields, View extends PlayerView, Config>(r: GameRules<F, View, Config>): void {
  if (r.payoffs) {
    if (!(typeof r.returnScale === 'number' && r.returnScale > 0 && Number.isFinite(r.returnScale)))
      throw new Error(`${r.name}: payoffs need a returnScale > 0 (the largest |return|)`);
    if (typeof r.returnUnit !== 'string' || r.returnUnit === '' || r.returnUnit === 'rank')
      throw new Error(`${r.name}: payoffs need a returnUnit naming what they count ('chips'), not 'rank'`);
  } else if (r.returnScale !== undefined || r.returnUnit !== undefined) {
    throw new Error(`${r.name}: returnScale and returnUnit go with payoffs; ranking-based returns are 1 'rank'`);
  }
  if (!r.chanceOutcomes !== !r.applyChance) throw new Error(`${r.name}: chanceOutcomes and applyChance come together`);
  if (r.chanceOutcomes && !(r.position.spec.fields as Record<string, { copy: string }>).rng)
    throw new Error(`${r.name}: a game with chance points needs a position field 'rng: field.rng()' to sample them`);
}

function defaultCheckConfig(name: string, config: unknown): void {
  if (config === undefined) return;
  if (typeof config !== 'object' || config === null || Array.isArray(config) || Object.keys(config).length > 0) {
    throw new AgoraError('bad_request', `${name}: the game has no config options; got ${JSON.stringify(config)}`);
  }
}

/** Checks that the action blocks tile 0..actionSize-1 in order, so the generated table is the whole space. */
function checkActionRanges(name: string, actionSize: number, ranges: readonly ActionRange[]): void {
  let next = 0;
  for (const r of ranges) {
    if (r.first !== next || r.count < 1)
      throw new Error(`${name}: action block '${r.meaning}' starts at ${r.first}, expected ${next}`);
    next += r.count;
  }
  if (next !== actionSize)
    throw new Error(`${name}: action blocks cover 0..${next - 1}, but actionSize is ${actionSize}`);
}

/** Builds a game's GameDefinition from its rules. */
export function defineGame<F extends Fields, View extends PlayerView, Config = undefined>(
  rules: GameRules<F, View, Config>,
): KitGame<F, View, Config> {
  checkActionRanges(rules.name, rules.actionSize, rules.actions);
  checkOptionalRules(rules);
  const sizes: number[] = [];
  for (let n = rules.minPlayers; n <= rules.maxPlayers; n++) {
    sizes[n] = rules.observationSegments(n).reduce((total, s) => total + s.size, 0);
  }
  const stateOf = (p: Position<F>, chance: ChanceMode = 'implicit'): GameState<View> =>
    new KitState(rules, p, sizes, chance);
  const modeOf = (chance: unknown): ChanceMode => {
    if (chance === undefined || chance === 'implicit') return 'implicit';
    if (chance !== 'explicit') {
      throw new AgoraError(
        'bad_request',
        `${rules.name}: chance is 'implicit' or 'explicit'; got ${JSON.stringify(chance)}`,
      );
    }
    if (!rules.chanceOutcomes) {
      throw new AgoraError(
        'bad_request',
        `${rules.name}: the game has no chance points to show, so it has no explicit-chance mode ` +
          '(hasExplicitChance is false)',
      );
    }
    return 'explicit';
  };
  const positionOf = (state: GameState<View>): Position<F> => {
    if (!(state instanceof KitState) || state.rules !== rules) {
      throw new TypeError(`${rules.name}: not a ${rules.name} state`);
    }
    return state.p as Position<F>;
  };
  return {
    kit: rules,
    name: rules.name,
    title: rules.title,
    description: rules.description,
    minPlayers: rules.minPlayers,
    maxPlayers: rules.maxPlayers,
    defaultPlayers: rules.defaultPlayers,
    actionSize: rules.actionSize,
    actions: rules.actions,
    returnScale: rules.payoffs ? rules.returnScale! : 1,
    returnUnit: rules.payoffs ? rules.returnUnit! : 'rank',
    hasExplicitChance: rules.chanceOutcomes !== undefined,
    hasInformationStates: rules.informationState !== undefined,
    encodingVersion: rules.encodingVersion,
    observationSegments: (players) => rules.observationSegments(players),
    observationSize: (players) => rules.observationSegments(players).reduce((n, s) => n + s.size, 0),
    observationLayout: (players) => layoutOf(rules.observationSegments(players)),
    maxGameLength: (players) => rules.maxGameLength(players),
    newGame(options: NewGameOptions<Config>) {
      assertPlayerCount(rules, options.players);
      (rules.checkConfig ?? ((c: unknown) => defaultCheckConfig(rules.name, c)))(options.config);
      const mode = modeOf(options.chance);
      return stateOf(rules.setup(options.players, options.seed, options.config), mode);
    },
    fromJSON: (json: unknown, options?: LoadOptions) => {
      const mode = modeOf(options?.chance);
      return stateOf(rules.position.fromJSON(json), mode);
    },
    evaluate: (state, player) => rules.evaluate(positionOf(state), player),
    encode: (view) => rules.encode(view),
    renderText: (view) => rules.renderText(view),
    renderHtml: (view) => rules.renderHtml(view),
    renderSvg: (view) => rules.renderSvg(view),
    describeDecision: (view) => rules.describeDecision(view),
    glossary: rules.glossary,
    rules: rules.rules,
    positionOf,
    stateOf,
  };
}
