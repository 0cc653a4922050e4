/**
 * The conformance checks of the kit's optional parts (checker.ts runs them beside its own):
 * payoffs (returns()), explicit chance points and information-state keys. Each applies where the
 * game provides the part, and each failure says what failed and names the seat or the outcome.
 */
import { AgoraError, IllegalActionError } from './errors.js';
import { CHANCE, type ChanceOutcome, type GameDefinition, type GameState } from './game.js';
import { returnsFromRanking } from './returns.js';
import { Rng } from './rng.js';

/** Sum of probabilities, zero-sum returns: equal within this. */
const TOLERANCE = 1e-9;
/** Explicit outcome sequences tried when matching one implicit resolution (beyond it the match is skipped). */
const MATCH_BUDGET = 5000;
/** Seeded games the chance-frequency check samples. */
const FREQUENCY_GAMES = 600;
/** Most distinct information-state keys remembered (memory bound on big games). */
const MAX_KEYS = 200_000;

function fail(message: string): never {
  throw new Error(message);
}

/**
 * What checkGame asks of the kit's optional parts: one instance per checked game definition,
 * told about the states the checker walks, then finish() for the checks that play games of their own.
 */
export class KitChecks {
  /** `${players}|${seat}|${key}` -> what the seat sees there (view, and legal actions when it is to act). */
  private readonly seen = new Map<string, string>();
  private keyBefore: string | undefined;

  constructor(
    private readonly def: GameDefinition,
    private readonly rng: Rng,
  ) {
    checkDefinitionFacts(def);
  }

  /** A state the checker examines closely: information-state keys against views and determinize. */
  atState(state: GameState, worlds: number): void {
    if (!this.def.hasInformationStates) return;
    for (let p = 0; p < state.players; p++) {
      const key = infoKey(state, p);
      this.remember(state, p, key);
      if (state.currentPlayer() === CHANCE) continue;
      for (let k = 0; k < worlds; k++) {
        const world = state.determinize(p, this.rng.fork('checker-kit-world'));
        const other = infoKey(world, p);
        if (other !== key) {
          fail(
            `seat ${p}'s information-state key is '${key}', but a world determinize(${p}) drew (one seat ${p} ` +
              `cannot tell from it) has '${other}': the key holds something seat ${p} cannot see`,
          );
        }
      }
    }
  }

  /** Before every action: the actor's key, to check it changes (perfect recall). */
  beforeAction(state: GameState): void {
    const actor = state.currentPlayer();
    this.keyBefore = this.def.hasInformationStates && actor >= 0 ? infoKey(state, actor) : undefined;
  }

  afterAction(state: GameState, actor: number, action: number): void {
    if (this.keyBefore === undefined) return;
    const after = infoKey(state, actor);
    if (after === this.keyBefore) {
      fail(
        `seat ${actor}'s information-state key stayed '${after}' after its own action ${action}: ` +
          'a key is the seat’s perfect-recall history, so its own actions must change it',
      );
    }
  }

  /** A terminal state: returns() against the definition's facts. */
  atEnd(state: GameState): void {
    checkReturns(this.def, state);
  }

  /**
   * Checks that play games of their own: explicit-chance games walked with random outcomes, and
   * the frequency of implicit sampling against the stated probabilities.
   */
  finish(players: readonly number[], games: number, seed: string): void {
    if (!this.def.hasExplicitChance) return;
    for (let i = 0; i < games; i++) {
      const n = players[i % players.length];
      const gameSeed = `${seed}:explicit:${i}`;
      const path: string[] = [];
      try {
        this.explicitGame(n, gameSeed, path);
      } catch (err) {
        fail(
          `${(err as Error).message}\n  in explicit-chance mode: players=${n} seed='${gameSeed}' ` +
            `actions and outcomes=[${path.join(',')}]`,
        );
      }
    }
    checkFrequencies(this.def, players, seed);
  }

  /** One game in explicit-chance mode, chance outcomes and actions drawn by the checker's rng. */
  private explicitGame(players: number, seed: string, path: string[]): void {
    const def = this.def;
    const state = def.newGame({ players, seed, chance: 'explicit' });
    if (state.chanceMode !== 'explicit') fail(`newGame({ chance: 'explicit' }) gave a '${state.chanceMode}' state`);
    let chancePoints = 0;
    const limit = 10 * def.maxGameLength(players) + 1000;
    for (let steps = 0; !state.isTerminal(); steps++) {
      if (steps > limit) fail(`no end after ${limit} decisions and chance outcomes`);
      checkExplicitState(def, state);
      this.atState(state, 1);
      const actor = state.currentPlayer();
      if (actor === CHANCE) {
        chancePoints++;
        const outcomes = checkChancePoint(state);
        implicitResolution(def, state);
        const pick = outcomes[this.rng.int(outcomes.length)].outcome;
        path.push(`chance:${pick}`);
        state.applyAction(pick);
        continue;
      }
      const legal = state.legalActions();
      if (state.chanceOutcomes().length > 0) fail(`chanceOutcomes() is not [] where seat ${actor} is to act`);
      const action = legal[this.rng.int(legal.length)];
      path.push(String(action));
      this.beforeAction(state);
      state.applyAction(action);
      this.afterAction(state, actor, action);
    }
    checkExplicitState(def, state);
    this.atState(state, 1);
    checkReturns(def, state);
    if (chancePoints === 0 && path.length === 0)
      fail('an explicit-chance game had neither chance points nor decisions');
  }

  /** Equal keys for a seat must mean equal views (and equal legal actions when the seat is to act). */
  private remember(state: GameState, p: number, key: string): void {
    const id = `${state.players}|${p}|${key}`;
    const toAct = state.currentPlayer() === p;
    const seen = JSON.stringify([state.view(p), toAct ? state.legalActions() : null]);
    const before = this.seen.get(id);
    if (before === undefined) {
      if (this.seen.size < MAX_KEYS) this.seen.set(id, seen);
    } else if (before !== seen) {
      fail(
        `two states give seat ${p} the information-state key '${key}' but differ in what seat ${p} sees ` +
          `(view${toAct ? ' or legal actions' : ''}): ${before} vs ${seen}. ` +
          'The key leaves out something the seat knows',
      );
    }
  }
}

function infoKey(state: GameState, p: number): string {
  const key = state.informationState(p);
  if (typeof key !== 'string') fail(`informationState(${p}) returned ${typeof key}, not a string`);
  return key;
}

/** The definition's facts about payoffs and the optional parts, and the refusals where a part is absent. */
function checkDefinitionFacts(def: GameDefinition): void {
  if (!(typeof def.returnScale === 'number' && def.returnScale > 0 && Number.isFinite(def.returnScale)))
    fail(`returnScale ${def.returnScale} is not a positive finite number`);
  if (typeof def.returnUnit !== 'string' || def.returnUnit === '') fail(`returnUnit '${def.returnUnit}' is empty`);
  if (def.returnUnit === 'rank' && def.returnScale !== 1)
    fail(`returns from the ranking ('rank') lie in [-1, 1], but returnScale is ${def.returnScale}`);
  const players = def.defaultPlayers;
  if (!def.hasExplicitChance) {
    expectBadRequest(
      () => def.newGame({ players, seed: 0, chance: 'explicit' }),
      "newGame({ chance: 'explicit' }) of a game without chance points",
    );
  }
  if (!def.hasInformationStates) {
    expectBadRequest(
      () => def.newGame({ players, seed: 0 }).informationState(0),
      'informationState(0) of a game without information states',
    );
  }
}

function expectBadRequest(fn: () => unknown, what: string): void {
  try {
    fn();
  } catch (err) {
    if (err instanceof AgoraError && err.code === 'bad_request') return;
    fail(`${what} threw ${String(err)}; expected AgoraError('bad_request')`);
  }
  fail(`${what} did not throw; expected AgoraError('bad_request')`);
}

/** returns(): one finite number per seat, zero-sum, within returnScale; from the ranking for 'rank' games. */
function checkReturns(def: GameDefinition, state: GameState): void {
  const returns = state.returns();
  const shown = `returns() [${returns.join(', ')}]`;
  if (!Array.isArray(returns) || returns.length !== state.players) fail(`${shown} has not one entry per seat`);
  if (returns.some((r) => typeof r !== 'number' || !Number.isFinite(r))) fail(`${shown} are not all finite numbers`);
  const sum = returns.reduce((a, b) => a + b, 0);
  if (Math.abs(sum) > TOLERANCE) fail(`${shown} are not zero-sum (they add up to ${sum})`);
  const seat = returns.findIndex((r) => Math.abs(r) > def.returnScale + TOLERANCE);
  if (seat >= 0) fail(`${shown}: seat ${seat}'s ${returns[seat]} is beyond returnScale ${def.returnScale}`);
  if (def.returnUnit === 'rank') {
    const expected = returnsFromRanking(state.ranking());
    if (returns.some((r, i) => r !== expected[i]))
      fail(`${shown} differ from the ranking's returns [${expected.join(', ')}] in a 'rank' game`);
  }
}

/** At every step of an explicit-chance game: the mode is kept, views agree on the actor, saved states reload. */
function checkExplicitState(def: GameDefinition, state: GameState): void {
  const actor = state.currentPlayer();
  if (state.isTerminal() ? actor !== -1 : !(actor === CHANCE || (actor >= 0 && actor < state.players)))
    fail(`currentPlayer() is ${actor} in an explicit-chance state`);
  if (state.clone().chanceMode !== 'explicit') fail('clone() of an explicit-chance state is not explicit');
  for (let p = -1; p < state.players; p++) {
    const view = state.view(p);
    if (view.toAct !== actor) fail(`view(${p}).toAct is ${view.toAct}; currentPlayer() is ${actor}`);
    def.encode(view);
  }
  const text = JSON.stringify(state.toJSON());
  const restored = def.fromJSON(JSON.parse(text), { chance: 'explicit' });
  if (JSON.stringify(restored.toJSON()) !== text || restored.currentPlayer() !== actor)
    fail("fromJSON(toJSON(), { chance: 'explicit' }) does not reproduce the state");
  if (actor >= 0) {
    const legal = state.legalActions();
    if (legal.length === 0 || legal.some((a, i) => i > 0 && legal[i - 1] >= a))
      fail(`legalActions() [${legal.join(',')}] of seat ${actor} is empty or not sorted`);
  }
}

/** The outcomes of a chance point: well formed, the legal actions, and only they accepted. */
function checkChancePoint(state: GameState): ChanceOutcome[] {
  const outcomes = state.chanceOutcomes();
  if (outcomes.length === 0) fail('a chance point (currentPlayer() is CHANCE) lists no outcomes');
  const labels = new Set<string>();
  let total = 0;
  outcomes.forEach((o, i) => {
    if (!Number.isInteger(o.outcome)) fail(`chance outcome ${o.outcome} is not an integer`);
    if (i > 0 && outcomes[i - 1].outcome >= o.outcome)
      fail(`chance outcomes [${outcomes.map((x) => x.outcome).join(',')}] are not sorted and distinct`);
    if (!(o.probability > 0 && o.probability <= 1))
      fail(`chance outcome ${o.outcome} ('${o.label}') has probability ${o.probability}; it must be in (0, 1]`);
    if (typeof o.label !== 'string' || o.label === '' || labels.has(o.label))
      fail(`chance outcome ${o.outcome}'s label '${o.label}' is empty or shared`);
    labels.add(o.label);
    total += o.probability;
  });
  if (Math.abs(total - 1) > TOLERANCE)
    fail(
      `the probabilities of the chance outcomes [${outcomes.map((o) => `${o.label}: ${o.probability}`).join(', ')}] ` +
        `add up to ${total}, not 1`,
    );
  const numbers = outcomes.map((o) => o.outcome);
  if (JSON.stringify(state.legalActions()) !== JSON.stringify(numbers))
    fail(
      `at a chance point legalActions() [${state.legalActions().join(',')}] ` +
        `are not the outcomes [${numbers.join(',')}]`,
    );
  const before = JSON.stringify(state.toJSON());
  const bad = [Math.max(...numbers) + 1, -3, 0.5].filter((a) => !numbers.includes(a));
  for (const a of bad) {
    try {
      state.applyAction(a);
    } catch (err) {
      if (!(err instanceof IllegalActionError)) fail(`outcome ${a} threw ${String(err)}, not IllegalActionError`);
      if (JSON.stringify(state.toJSON()) !== before) fail(`the refused outcome ${a} changed the state`);
      continue;
    }
    fail(`${a}, not an outcome of the chance point, was accepted`);
  }
  return outcomes;
}

/** What every observer sees of a state: the actor, the legal actions, every seat's and the spectator's view. */
function seenByAll(state: GameState): string {
  const views = Array.from({ length: state.players + 1 }, (_, i) => state.view(i - 1));
  return JSON.stringify([state.currentPlayer(), state.legalActions(), views]);
}

/**
 * The outcome sequence from an explicit chance point whose result every observer sees as `target`
 * (undefined: none; null: too many sequences to try).
 */
function matchingOutcomes(state: GameState, target: string): number[] | undefined | null {
  let tried = 0;
  const walk = (s: GameState, path: number[]): number[] | undefined | null => {
    if (s.currentPlayer() !== CHANCE || s.isTerminal()) {
      tried++;
      return seenByAll(s) === target ? path : undefined;
    }
    for (const o of s.chanceOutcomes()) {
      if (tried > MATCH_BUDGET) return null;
      const next = s.clone();
      next.applyAction(o.outcome);
      const found = walk(next, [...path, o.outcome]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(state, []);
}

/** The implicit mode's resolution of a chance point (loading it implicitly) is one the explicit mode lists. */
function implicitResolution(def: GameDefinition, state: GameState): { resolved: GameState; path: number[] | null } {
  const resolved = def.fromJSON(state.toJSON());
  if (resolved.chanceMode !== 'implicit') fail(`fromJSON() without options gave a '${resolved.chanceMode}' state`);
  if (resolved.currentPlayer() === CHANCE) fail('an implicit-chance state stands at a chance point');
  const path = matchingOutcomes(state, seenByAll(resolved));
  if (path === undefined) {
    fail(
      'implicit chance gave a state that no sequence of the listed outcomes gives in explicit mode ' +
        `(outcomes here: ${state
          .chanceOutcomes()
          .map((o) => o.label)
          .join(', ')})`,
    );
  }
  return { resolved, path };
}

/**
 * Implicit sampling follows the stated probabilities: over FREQUENCY_GAMES seeded games, at each
 * chance point an explicit walk meets, the first outcome the implicit mode picks there is counted,
 * grouped by the chance point's outcome list; each group with enough samples passes a chi-square
 * bound generous enough (about 1e-6 false alarms, and the seeds are fixed) that it cannot flake.
 */
function checkFrequencies(def: GameDefinition, players: readonly number[], seed: string): void {
  const groups = new Map<string, { outcomes: ChanceOutcome[]; counts: Map<number, number>; n: number }>();
  const rng = Rng.fromSeed(`${seed}:chance-frequency`);
  for (let i = 0; i < FREQUENCY_GAMES; i++) {
    const state = def.newGame({
      players: players[i % players.length],
      seed: `${seed}:frequency:${i}`,
      chance: 'explicit',
    });
    while (!state.isTerminal()) {
      if (state.currentPlayer() === CHANCE) {
        const outcomes = state.chanceOutcomes();
        const { path } = implicitResolution(def, state);
        if (path !== null) {
          const id = JSON.stringify(outcomes.map((o) => [o.outcome, o.probability, o.label]));
          const group = groups.get(id) ?? { outcomes, counts: new Map<number, number>(), n: 0 };
          group.counts.set(path[0], (group.counts.get(path[0]) ?? 0) + 1);
          group.n++;
          groups.set(id, group);
        }
        state.applyAction(outcomes[rng.int(outcomes.length)].outcome);
      } else {
        const legal = state.legalActions();
        state.applyAction(legal[rng.int(legal.length)]);
      }
    }
  }
  for (const { outcomes, counts, n } of groups.values()) {
    if (outcomes.length < 2 || outcomes.some((o) => o.probability * n < 5)) continue;
    let chi2 = 0;
    for (const o of outcomes) {
      const expected = o.probability * n;
      chi2 += ((counts.get(o.outcome) ?? 0) - expected) ** 2 / expected;
    }
    const df = outcomes.length - 1;
    const bound = df + 10 * Math.sqrt(2 * df) + 10;
    if (chi2 > bound) {
      const table = outcomes
        .map((o) => `${o.label}: ${counts.get(o.outcome) ?? 0} of ${n} (expected ${(o.probability * n).toFixed(1)})`)
        .join(', ');
      fail(
        'implicit chance does not follow the stated probabilities ' +
          `(chi-square ${chi2.toFixed(1)} > ${bound.toFixed(1)} ` +
          `with ${df} degrees of freedom): ${table}`,
      );
    }
  }
}
