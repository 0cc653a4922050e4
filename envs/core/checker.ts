import { isDeepStrictEqual } from 'node:util';
import { deepEqualToPlain, isPlainJson } from './checker-json.js';
import { checkBoards, checkPresentation } from './checker-presentation.js';
import { PrivacyLedger, observationPlace } from './checker-privacy.js';
import { KitChecks } from './checker-kit.js';
import { AgoraError, IllegalActionError } from './errors.js';
import type { GameDefinition, GameState, PlayerView } from './game.js';
import { playerCounts } from './registry.js';
import { isCompetitionRanking, returnsFromRanking } from './returns.js';
import { Rng } from './rng.js';

export interface CheckOptions {
  /** Seat count (default: every allowed count, games split evenly). */
  players?: number;
  /** Number of seeded random games (default 100). */
  games?: number;
  /** Seed of the checker's own RNG; game i gets the seed `${seed}:${i}`. */
  seed?: number | string;
  /** Determinizations drawn per seat at each checked state (default 3). */
  worlds?: number;
}

export interface CheckReport {
  game: string;
  players: number[];
  games: number;
  steps: number;
  /** States where some seat's view differed from another's in more than the seat number. */
  asymmetricStates: number;
  /** Of those, states where a determinization changed what some other seat sees. */
  resampledStates: number;
  /**
   * The fields of the views found to hold a seat's hidden information (`view(0).ownBid`), each
   * resampled by every other seat's determinizations (envs/core/checker-privacy.ts).
   */
  hiddenFields: string[];
}

/** Thrown by the checker: names the game, seed, player count and action list so a failure replays. */
export class ConformanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceError';
  }
}

/**
 * The conformance checker every registered game passes (architecture "Tests", style G13): plays
 * seeded random games and checks the GameState contract as they go: legal actions and the acting
 * seat's observation at every step; the costly checks (every seat's view and encoding, fromJSON,
 * clone independence, illegal actions, determinize) at steps < 10 and at powers of two, as
 * OpenSpiel's RandomSimTest does, and at the end.
 */
export function checkGame(def: GameDefinition, options: CheckOptions = {}): CheckReport {
  const counts = options.players !== undefined ? [options.players] : playerCounts(def);
  const games = options.games ?? 100;
  const rng = Rng.fromSeed(options.seed ?? `check:${def.name}`);
  const report: CheckReport = {
    game: def.name,
    players: counts,
    games,
    steps: 0,
    asymmetricStates: 0,
    resampledStates: 0,
    hiddenFields: [],
  };
  try {
    checkDefinition(def);
  } catch (err) {
    throw new ConformanceError(`${def.name}: ${(err as Error).message}`);
  }
  const ledgers = new Map(counts.map((n) => [n, new PrivacyLedger(n)]));
  const kit = new KitChecks(def, rng);
  for (let i = 0; i < games; i++) {
    const players = counts[i % counts.length];
    const seed = `${options.seed ?? 'check'}:${i}`;
    const actions: number[] = [];
    try {
      const boards = i < BOARD_GAMES;
      checkOneGame(def, players, seed, rng, actions, options.worlds ?? 3, ledgers.get(players)!, boards, report, kit);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new ConformanceError(
        `${def.name}: ${why}\n  replay: players=${players} seed='${seed}' actions=[${actions.join(',')}]`,
      );
    }
  }
  const hidden = new Set<string>();
  for (const ledger of ledgers.values()) {
    try {
      ledger.verify();
    } catch (err) {
      throw new ConformanceError(`${def.name}: ${(err as Error).message}`);
    }
    report.asymmetricStates += ledger.asymmetricStates;
    report.resampledStates += ledger.resampledStates;
    for (const field of ledger.hiddenFields()) hidden.add(field);
  }
  try {
    kit.finish(counts, games, String(options.seed ?? 'check'));
  } catch (err) {
    throw new ConformanceError(`${def.name}: ${(err as Error).message}`);
  }
  report.hiddenFields = [...hidden].sort();
  return report;
}

/** Games whose drawn boards are checked (at the checked steps): drawing is slow and seldom differs. */
const BOARD_GAMES = 10;

function fail(message: string): never {
  throw new Error(message);
}

function json(state: GameState): string {
  return JSON.stringify(state.toJSON());
}

/** Every seat's view and the spectator's at one state, drawn once for all the checks there. */
export interface StateViews {
  /** view(p) for p = 0 .. players - 1. */
  readonly seats: PlayerView[];
  /** view(-1). */
  readonly spectator: PlayerView;
}

function viewsOf(state: GameState): StateViews {
  return { seats: Array.from({ length: state.players }, (_, p) => state.view(p)), spectator: state.view(-1) };
}

function checkDefinition(def: GameDefinition): void {
  if (!/^[a-z0-9]+$/.test(def.name)) fail(`game name '${def.name}' must be lowercase letters and digits`);
  if (!(def.minPlayers >= 1 && def.minPlayers <= def.defaultPlayers && def.defaultPlayers <= def.maxPlayers)) {
    fail(`player counts min ${def.minPlayers} <= default ${def.defaultPlayers} <= max ${def.maxPlayers} do not hold`);
  }
  if (!Number.isInteger(def.actionSize) || def.actionSize < 1)
    fail(`actionSize ${def.actionSize} is not a positive integer`);
  for (const bad of [def.minPlayers - 1, def.maxPlayers + 1, 2.5]) {
    expectThrows(() => def.newGame({ players: bad, seed: 0 }), 'bad_player_count', `newGame with ${bad} players`);
  }
  for (const bad of [null, {}, 'x', 42, { game: def.name }]) {
    expectThrows(() => def.fromJSON(bad), 'bad_state', `fromJSON(${JSON.stringify(bad)})`);
  }
  checkPresentation(def);
}

function expectThrows(fn: () => unknown, code: string, what: string): void {
  try {
    fn();
  } catch (err) {
    if (err instanceof AgoraError && err.code === code) return;
    fail(`${what} threw ${String(err)}; expected an AgoraError with code '${code}'`);
  }
  fail(`${what} did not throw; expected an AgoraError with code '${code}'`);
}

function isCheckedStep(step: number): boolean {
  return step < 10 || (step & (step - 1)) === 0;
}

function checkOneGame(
  def: GameDefinition,
  players: number,
  seed: string,
  rng: Rng,
  actions: number[],
  worlds: number,
  privacy: PrivacyLedger,
  boards: boolean,
  report: CheckReport,
  kit: KitChecks,
): void {
  const state = def.newGame({ players, seed });
  if (json(def.newGame({ players, seed })) !== json(state)) fail('two new games from the same seed differ');
  if (state.players !== players) fail(`state.players is ${state.players}; expected ${players}`);
  const limit = def.maxGameLength(players);
  while (!state.isTerminal()) {
    const step = actions.length;
    if (step >= limit) fail(`no end after maxGameLength = ${limit} decisions`);
    const legal = checkLegalActions(def, state);
    checkActorObservation(def, state);
    if (isCheckedStep(step)) {
      // The views and the saved text are drawn once here; checkViews proves the views plain JSON
      // first, and each check after it leaves the state as it found it (or fails).
      const views = viewsOf(state);
      const text = json(state);
      checkViews(def, state, views);
      checkRoundTrip(def, state, views, text);
      checkIllegalRejected(def, state, legal, text);
      checkCloneIndependent(state, legal, rng, text);
      privacy.checkState(state, rng, worlds, views);
      if (boards) checkBoards(def, state, views);
      checkEvaluate(def, state);
      kit.atState(state, worlds);
    }
    if (state.isTruncated()) fail('isTruncated() is true in a live state');
    const action = legal[rng.int(legal.length)];
    actions.push(action);
    const actor = state.currentPlayer();
    kit.beforeAction(state);
    state.applyAction(action);
    kit.afterAction(state, actor, action);
    report.steps++;
  }
  checkTerminal(def, state);
  kit.atState(state, worlds);
  kit.atEnd(state);
  const views = viewsOf(state);
  checkViews(def, state, views);
  if (boards) checkBoards(def, state, views);
  checkRoundTrip(def, state, views, json(state));
  const replay = def.newGame({ players, seed });
  for (const a of actions) replay.applyAction(a);
  if (json(replay) !== json(state)) fail('replaying the same seed and actions gave a different final state');
}

function checkLegalActions(def: GameDefinition, state: GameState): number[] {
  const legal = state.legalActions();
  const actor = state.currentPlayer();
  if (legal.length === 0) fail('legalActions() is empty but the state is not terminal');
  if (!(Number.isInteger(actor) && actor >= 0 && actor < state.players))
    fail(`currentPlayer() is ${actor} in a live state`);
  const labels = new Set<string>();
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i];
    if (!Number.isInteger(a) || a < 0 || a >= def.actionSize)
      fail(`legal action ${a} is outside 0..${def.actionSize - 1}`);
    if (i > 0 && legal[i - 1] >= a) fail(`legalActions() is not sorted and unique: [${legal.join(',')}]`);
    const label = state.actionToString(a);
    if (typeof label !== 'string' || label.length === 0) fail(`actionToString(${a}) is empty`);
    if (labels.has(label)) fail(`two legal actions share the label '${label}'`);
    labels.add(label);
  }
  return legal;
}

/** Every step, cheaply: the acting seat's observation has the declared length and lies in [0, 1]. */
function checkActorObservation(def: GameDefinition, state: GameState): void {
  const p = state.currentPlayer();
  const obs = state.observation(p);
  if (obs.length !== def.observationSize(state.players))
    fail(`observation(${p}) has length ${obs.length}; observationSize is ${def.observationSize(state.players)}`);
  for (let i = 0; i < obs.length; i++) {
    if (!(obs[i] >= 0 && obs[i] <= 1)) fail(`observation(${p})[${i}] = ${obs[i]} is not in [0, 1]`);
  }
}

/** Views are plain JSON, agree on public facts, and observation(p) === encode(view(p)). */
function checkViews(def: GameDefinition, state: GameState, views: StateViews): void {
  const size = def.observationSize(state.players);
  for (let p = 0; p < state.players; p++) {
    const view = views.seats[p];
    if (!isPlainJson(view)) fail(`view(${p}) is not plain JSON`);
    if (view.seat !== p || view.players !== state.players)
      fail(`view(${p}) has seat ${view.seat}, players ${view.players}`);
    if (view.toAct !== state.currentPlayer() || view.isOver !== state.isTerminal()) {
      fail(
        `view(${p}) says toAct ${view.toAct}, isOver ${view.isOver}; ` +
          `the state says ${state.currentPlayer()}, ${state.isTerminal()}`,
      );
    }
    const obs = state.observation(p);
    if (!(obs instanceof Float32Array) || obs.length !== size)
      fail(`observation(${p}) has length ${obs.length}; observationSize is ${size}`);
    const encoded = def.encode(view);
    // The direct encoder writes into a used buffer at an offset: it must set every value of its
    // range (zeros included) and nothing outside it.
    const used = new Float32Array(size + 2 * GUARD).fill(Number.NaN);
    state.observeInto(p, used, GUARD);
    for (let i = 0; i < size; i++) {
      if (!Number.isFinite(obs[i]) || obs[i] < 0 || obs[i] > 1)
        fail(`observation(${p})[${i}] = ${obs[i]} is not in [0, 1]`);
      if (obs[i] !== encoded[i]) fail(notFromView(def, state, `observation(${p})`, p, i, obs[i], encoded[i]));
      if (used[GUARD + i] !== encoded[i])
        fail(notFromView(def, state, `observeInto(${p}) into a used buffer`, p, i, used[GUARD + i], encoded[i]));
    }
    for (let i = 0; i < GUARD; i++) {
      if (!Number.isNaN(used[i]) || !Number.isNaN(used[GUARD + size + i]))
        fail(`observeInto(${p}) wrote outside its ${size} values`);
    }
  }
  const spectator = views.spectator;
  if (spectator.seat !== -1 || !isPlainJson(spectator)) {
    fail('view(-1) (the spectator) is not plain JSON with seat -1');
  }
  const publicOnly = def.encode(spectator);
  const written = new Float32Array(size).fill(Number.NaN);
  state.observeInto(-1, written, 0);
  for (let i = 0; i < size; i++) {
    if (written[i] !== publicOnly[i])
      fail(notFromView(def, state, 'observeInto(-1)', -1, i, written[i], publicOnly[i]));
  }
  def.renderText(spectator);
  def.renderHtml(spectator);
}

/** An observation value that encode(view) does not give: where it is, and why it matters. */
function notFromView(
  def: GameDefinition,
  state: GameState,
  what: string,
  seat: number,
  i: number,
  got: number,
  expected: number,
): string {
  const who = seat < 0 ? 'the spectator' : `seat ${seat}`;
  return (
    `${what}[${i}] (${observationPlace(def, state.players, i)}) = ${got} but encode(view(${seat}))[${i}] = ` +
    `${expected}: an observation must be computed from the view alone, and a value the view does not hold ` +
    `is a leak of what ${who} may not see (or an encoder bug)`
  );
}

/** Values left on either side of the range observeInto is given, to catch writes outside it. */
const GUARD = 3;

/** `text` is json(state); `views` are the state's, proved plain JSON by checkViews. */
function checkRoundTrip(def: GameDefinition, state: GameState, views: StateViews, text: string): void {
  let restored: GameState;
  try {
    restored = def.fromJSON(JSON.parse(text));
  } catch (err) {
    fail(`fromJSON refuses what toJSON() wrote: ${(err as Error).message}`);
  }
  if (json(restored) !== text) fail('fromJSON(toJSON()) does not reproduce the state');
  if (
    restored.currentPlayer() !== state.currentPlayer() ||
    !isDeepStrictEqual(restored.legalActions(), state.legalActions())
  ) {
    fail('a restored state disagrees with the original on the seat to act or the legal actions');
  }
  for (let p = 0; p < state.players; p++) {
    if (!deepEqualToPlain(views.seats[p], restored.view(p))) fail(`fromJSON(toJSON()) does not reproduce view(${p})`);
  }
}

/** `before` is json(state). */
function checkIllegalRejected(def: GameDefinition, state: GameState, legal: number[], before: string): void {
  const candidates = [-1, def.actionSize, 0.5, Number.NaN];
  for (let a = 0; a < def.actionSize; a++) {
    if (!legal.includes(a)) {
      candidates.push(a);
      break;
    }
  }
  for (const a of candidates) {
    try {
      state.applyAction(a);
    } catch (err) {
      if (!(err instanceof IllegalActionError))
        fail(`illegal action ${a} threw ${String(err)}, not IllegalActionError`);
      if (json(state) !== before) fail(`the rejected action ${a} changed the state`);
      continue;
    }
    fail(`illegal action ${a} was accepted`);
  }
}

/** `before` is json(state). */
function checkCloneIndependent(state: GameState, legal: number[], rng: Rng, before: string): void {
  const copy = state.clone();
  if (json(copy) !== before) fail('clone() differs from the original');
  copy.applyAction(legal[rng.int(legal.length)]);
  if (json(state) !== before) fail('playing on a clone changed the original');
}

function checkTerminal(def: GameDefinition, state: GameState): void {
  if (state.currentPlayer() !== -1)
    fail(`currentPlayer() is ${state.currentPlayer()} in a terminal state; expected -1`);
  if (state.legalActions().length !== 0) fail('a terminal state has legal actions');
  const ranking = state.ranking();
  if (ranking.length !== state.players || !isCompetitionRanking(ranking))
    fail(`ranking [${ranking.join(',')}] is not a competition ranking`);
  const returns = returnsFromRanking(ranking);
  const sum = returns.reduce((a, b) => a + b, 0);
  if (Math.abs(sum) > 1e-9 || returns.some((r) => r < -1 || r > 1))
    fail(`returns [${returns.join(',')}] are not zero-sum in [-1, 1]`);
  const scores = state.scores();
  if (scores.length !== state.players || scores.some((s) => !Number.isFinite(s)))
    fail(`scores [${scores.join(',')}] are malformed`);
  checkEvaluate(def, state);
}

function checkEvaluate(def: GameDefinition, state: GameState): void {
  for (let p = 0; p < state.players; p++) {
    const v = def.evaluate(state, p);
    if (!(v >= -1 && v <= 1)) fail(`evaluate(state, ${p}) = ${v} is outside [-1, 1]`);
  }
}
