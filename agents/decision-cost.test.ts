/**
 * The one cost rule (decision-cost.ts): every knob of every agent kind either moves the cost of a
 * decision or is declared not to, and the estimate is at least the work a decision really does.
 * A knob added without its weight on the cost fails here.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rng, decisionContext, getGame, type GameDefinition, type GameState, type PlayerView } from '../envs/index.js';
import { runCfrPlus } from './cfr/cfr-run.js';
import { SAMPLE_WORLD_STEPS } from './decision-cost.js';
import { agentKinds, agentKnobs, decisionCost, makeAgent, modelFileOf, specNeedsModel } from './make-agent.js';

/** Kinds that play a CFR policy table (cfr:) play the two poker games, from policies solved here. */
const isTabular = (kind: string) => modelFileOf(`${kind}:x`) === 'policy.json';
const POLICY_GAMES = ['kuhn', 'leduc'];
const policyDir = (game: string) => join(tmpdir(), `agora-cost-policies-${process.pid}`, game);
beforeAll(async () => {
  for (const game of POLICY_GAMES) await runCfrPlus({ game: getGame(game), iterations: 2, out: policyDir(game) });
});
afterAll(() => rmSync(join(policyDir('x'), '..'), { recursive: true, force: true }));

/** The games a kind is measured on: the given ones, or for a policy table the games it has one for. */
const gamesOf = (kind: string, games: string[]) => (isTabular(kind) ? POLICY_GAMES : games);

/** A spec of `kind` for `game` with the given knobs (model kinds play the shipped model or a solved policy). */
function specOf(kind: string, game: string, knobs: Record<string, string | number> = {}): string {
  const parts = [
    ...(specNeedsModel(kind) ? [isTabular(kind) ? policyDir(game) : `models/${game}/az`] : []),
    ...Object.entries(knobs).map(([k, v]) => `${k}=${v}`),
  ];
  return parts.length === 0 ? kind : `${kind}:${parts.join(',')}`;
}

/** Every value of a knob worth trying: the ends of its range, or every word it takes. */
function valuesOf(kind: string, knob: string): (string | number)[] {
  const k = agentKnobs(kind)[knob];
  return k.type === 'choice' ? [...k.values] : [k.min, k.max];
}

describe('decision costs', () => {
  test.each(agentKinds())('%s: every knob moves the cost over its range, or is declared not to', (kind) => {
    for (const game of gamesOf(kind, ['tictactoe', 'perikles'])) {
      const def = getGame(game);
      const base = decisionCost(specOf(kind, game), def).steps;
      for (const [name, knob] of Object.entries(agentKnobs(kind))) {
        const costs = valuesOf(kind, name).map((v) => decisionCost(specOf(kind, game, { [name]: v }), def).steps);
        if (knob.cost === 'scales') {
          expect(Math.max(...costs), `${kind} ${name} in ${game}`).toBeGreaterThan(Math.min(...costs));
        } else if ('scalesWith' in knob.cost) {
          // It moves the cost once the knob whose work it scales is at the top of its range.
          const other = knob.cost.scalesWith;
          const top = valuesOf(kind, other).at(-1)!;
          const scaled = valuesOf(kind, name).map(
            (v) => decisionCost(specOf(kind, game, { [other]: top, [name]: v }), def).steps,
          );
          expect(knob.cost.why.length, `${kind} ${name}: say how it scales ${other}`).toBeGreaterThan(10);
          expect(Math.max(...scaled), `${kind} ${name} with ${other}=${top} in ${game}`).toBeGreaterThan(
            Math.min(...scaled),
          );
        } else {
          expect(knob.cost.none.length, `${kind} ${name}: say why it costs nothing`).toBeGreaterThan(10);
          expect(costs, `${kind} ${name} in ${game}`).toEqual(costs.map(() => base));
        }
      }
    }
  });

  test('a timed search costs its milliseconds, whatever its iterations', () => {
    const def = getGame('perikles');
    expect(decisionCost('mcts:ms=300', def)).toEqual({ steps: 30_000, knobs: ['ms'] });
    expect(decisionCost('mcts:ms=300,iterations=9000000', def).steps).toBe(30_000);
  });

  // Each kind at its defaults, and with each numeric knob moved off its default (within a range
  // that keeps the test quick), on positions of two games.
  const cases: [string, string][] = [];
  for (const kind of agentKinds()) {
    for (const game of gamesOf(kind, ['tictactoe', 'promotion'])) {
      cases.push([game, specOf(kind, game)]);
      for (const [name, knob] of Object.entries(agentKnobs(kind))) {
        if (knob.type === 'choice') for (const v of knob.values) cases.push([game, specOf(kind, game, { [name]: v })]);
        else if (name !== 'ms') cases.push([game, specOf(kind, game, { [name]: moderate(knob.min, knob.max) })]);
      }
    }
  }
  test.each(cases)('%s: %s does no more work than its estimate', async (game, spec) => {
    const counted = countingGame(getGame(game));
    const agent = makeAgent(spec, counted.def);
    const estimate = decisionCost(spec, counted.def).steps;
    for (const state of positions(getGame(game))) {
      counted.steps = 0;
      await agent.act(decisionContext(counted.def, counted.wrap(state), Rng.fromSeed(spec)));
      expect(counted.steps).toBeLessThanOrEqual(estimate);
    }
  });
});

/** A value inside a knob's range, off its ends: small, so the decisions stay quick. */
function moderate(min: number, max: number): number {
  return Math.min(max, Math.max(min, min + 3));
}

/** Positions from seeded random play: the start and a few later ones where there is a choice. */
function positions(def: GameDefinition): GameState[] {
  const out: GameState[] = [];
  for (let s = 0; out.length < 3 && s < 30; s++) {
    const state = def.newGame({ players: def.defaultPlayers, seed: `cost:${s}` });
    const rng = Rng.fromSeed(`cost:${s}`);
    for (let i = rng.int(6); i > 0 && !state.isTerminal(); i--) {
      const legal = state.legalActions();
      state.applyAction(legal[rng.int(legal.length)]);
    }
    if (!state.isTerminal() && state.legalActions().length > 1) out.push(state);
  }
  return out;
}

/**
 * A game whose states count the work done on them, in the unit of decision-cost.ts: an action, a
 * clone and an evaluation are a step each, a sampled world SAMPLE_WORLD_STEPS.
 */
function countingGame(inner: GameDefinition) {
  const counter = { steps: 0 };
  const unwrap = (s: GameState): GameState => (s instanceof Counted ? s.inner : s);
  class Counted implements GameState {
    constructor(readonly inner: GameState) {}
    get players() {
      return this.inner.players;
    }
    get chanceMode() {
      return this.inner.chanceMode;
    }
    currentPlayer = () => this.inner.currentPlayer();
    legalActions = () => this.inner.legalActions();
    chanceOutcomes = () => this.inner.chanceOutcomes();
    applyAction = (a: number) => {
      counter.steps++;
      this.inner.applyAction(a);
    };
    isTerminal = () => this.inner.isTerminal();
    isTruncated = () => this.inner.isTruncated();
    ranking = () => this.inner.ranking();
    scores = () => this.inner.scores();
    returns = () => this.inner.returns();
    informationState = (seat: number) => this.inner.informationState(seat);
    view = (p: number): PlayerView => this.inner.view(p);
    observation = (p: number) => this.inner.observation(p);
    observeInto = (p: number, out: Float32Array, offset?: number) => this.inner.observeInto(p, out, offset);
    determinize = (p: number, rng: Rng) => {
      counter.steps += SAMPLE_WORLD_STEPS;
      return new Counted(this.inner.determinize(p, rng));
    };
    clone = () => {
      counter.steps++;
      return new Counted(this.inner.clone());
    };
    actionToString = (a: number) => this.inner.actionToString(a);
    toJSON = () => this.inner.toJSON();
  }
  const def: GameDefinition = {
    ...inner,
    evaluate: (state, player) => {
      counter.steps++;
      return inner.evaluate(unwrap(state), player);
    },
  };
  return {
    def,
    wrap: (state: GameState) => new Counted(state),
    get steps() {
      return counter.steps;
    },
    set steps(n: number) {
      counter.steps = n;
    },
  };
}
