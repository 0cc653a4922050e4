/**
 * The checker proves privacy (envs/core/checker-privacy.ts): each mutant below breaks hidden
 * information in Goofspiel (test/example-game/goofspiel: seat 0 bids face down, then seat 1 bids)
 * in one way, and the checker must fail it, naming the field or the observation segment.
 */
import { describe, expect, test } from 'vitest';
import { ConformanceError, checkGame, type GameDefinition, type GameState, type Rng } from '../envs/index.js';
import { goofspiel } from './example-game/goofspiel/index.js';
import type { GoofspielView } from './example-game/goofspiel/view.js';

type Wrap = (state: GameState) => GameState;
type Patch = (state: GameState, wrap: Wrap) => Partial<GameState>;

/**
 * Goofspiel with some GameState methods replaced; states it hands out (clones, worlds) are wrapped
 * alike. A replaced view is also what the observations encode, so they stay encode(view).
 */
function mutant(patch: Patch): GameDefinition {
  const base = goofspiel as unknown as GameDefinition;
  const wrap: Wrap = (state) => {
    const overrides = patch(state, wrap) as Record<string, unknown>;
    const view = overrides.view as GameState['view'] | undefined;
    if (view !== undefined) {
      overrides.observation = (seat: number) => base.encode(view(seat));
      overrides.observeInto = (seat: number, out: Float32Array, offset = 0) => out.set(base.encode(view(seat)), offset);
    }
    return new Proxy(state, {
      get(target, key, receiver) {
        if (typeof key === 'string' && key in overrides) return overrides[key];
        if (key === 'clone') return () => wrap(target.clone());
        if (key === 'determinize') return (p: number, rng: Rng) => wrap(target.determinize(p, rng));
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...base, newGame: (o) => wrap(base.newGame(o)), fromJSON: (j) => wrap(base.fromJSON(j)) };
}

/** The true face-down bids (0: none) of a wrapped or plain Goofspiel state. */
function bids(state: GameState): number[] {
  const json = state.toJSON() as { bids: number[] };
  return json.bids;
}

/** Seat q's view plus the other seat's face-down bid: what no seat may see. */
function leakyView(state: GameState): (q: number) => GoofspielView {
  return (q) => ({ ...(state.view(q) as GoofspielView), theirBid: q >= 0 ? bids(state)[1 - q] : 0 });
}

function check(def: GameDefinition): () => unknown {
  return () => checkGame(def, { games: 30, seed: 'privacy' });
}

describe('the checker proves privacy on Goofspiel', () => {
  test('the honest game passes, and the checker found its hidden field: seat 0’s face-down bid', () => {
    const report = checkGame(goofspiel, { games: 30, seed: 'privacy' });
    expect(report.hiddenFields).toEqual(['view(0).ownBid']);
    expect(report.resampledStates).toBeGreaterThan(0);
  });

  test('a view that shows the other seat’s bid, with a determinize that returns the true state: a leak, named', () => {
    const leaky = mutant((s, wrap) => ({ view: leakyView(s), determinize: () => wrap(s.clone()) }));
    expect(check(leaky)).toThrow(ConformanceError);
    expect(check(leaky)).toThrow(/privacy: seats saw what the spectator does not \(.*view\(1\)\.theirBid/);
    expect(check(leaky)).toThrow(/a view leaks another seat's secret/);
  });

  test('the same leak, with seat 1’s worlds keeping the bid it was shown: a leak naming the field and seat', () => {
    // determinize(1) keeps seat 0's bid (as determinize(0) does), so view(1) is kept and looks
    // consistent; only the spectator's worlds vary the bid, and seat 0's never do.
    const leaky = mutant((s, wrap) => ({
      view: leakyView(s),
      determinize: (p: number, rng: Rng) => wrap(s.determinize(p === 1 ? 0 : p, rng)),
    }));
    expect(check(leaky)).toThrow(
      new RegExp(
        String.raw`view\(1\)\.theirBid holds hidden information \(determinizations for the spectator changed it ` +
          String.raw`at \d+ checked states\), yet no determinization for seat 0 ever changed it: ` +
          String.raw`view\(1\) leaks something only seat 0 knows`,
      ),
    );
  });

  test('a leak through a per-seat array is named with the seat it belongs to', () => {
    // Seat 1 is shown seat 0's hand without the card seat 0 has just bid (the real view keeps it in).
    const leaky = mutant((s, wrap) => ({
      view: (q: number) => {
        const v = s.view(q) as GoofspielView;
        const bid = bids(s)[0];
        if (q !== 1 || bid === 0) return v;
        return { ...v, hands: [v.hands[0].filter((c) => c !== bid), v.hands[1]] };
      },
      determinize: (p: number, rng: Rng) => wrap(s.determinize(p === 1 ? 0 : p, rng)),
    }));
    expect(check(leaky)).toThrow(/view\(1\)\.hands\[0\]\[\] holds hidden information .* view\(1\) leaks something/);
  });

  test('a leak with the honest determinize: seat 1’s own worlds change what it was shown', () => {
    const leaky = mutant((s) => ({ view: leakyView(s) }));
    expect(check(leaky)).toThrow(
      /determinize\(1\) changed view\(1\)\.theirBid \(\d in the real state, \d in the world\).*a leak/,
    );
  });

  test('a determinize that resamples the seat’s own bid is caught, naming the field', () => {
    const careless = mutant((s, wrap) => ({ determinize: (p: number, rng: Rng) => wrap(s.determinize(1, rng)) }));
    expect(check(careless)).toThrow(/determinize\(0\) changed view\(0\)\.ownBid/);
  });

  test('a determinize that returns the true state, with an honest view, is caught naming the hidden field', () => {
    const lazy = mutant((s, wrap) => ({ determinize: () => wrap(s.clone()) }));
    expect(check(lazy)).toThrow(/seats saw what the spectator does not \(view\(0\)\.ownBid\)/);
    expect(check(lazy)).toThrow(/determinize keeps the hidden information/);
  });

  test('a determinize that keeps the bid for seat 1 is caught: seat 1 never resamples seat 0’s secret', () => {
    const partial = mutant((s, wrap) => ({
      determinize: (p: number, rng: Rng) => wrap(s.determinize(p === 1 ? 0 : p, rng)),
    }));
    expect(check(partial)).toThrow(
      new RegExp(
        String.raw`view\(0\)\.ownBid holds hidden information .* no determinization for seat 1 ever changed it: ` +
          String.raw`.* or determinize\(1\) keeps the true value`,
      ),
    );
  });

  // Observation layout: myHand 0-4, theirHand 5-9, prize 10-14, prizesLeft 15-19, points 20-21, theyBid 22.
  test.each([
    ['observation', 'observation\\(1\\)'],
    ['observeInto', 'observeInto\\(1\\) into a used buffer'],
  ])('a leak in %s alone (seat 0’s bid card missing from its hand) names the index and the segment', (method, what) => {
    const reveal = (s: GameState, out: Float32Array, offset: number, seat: number) => {
      const bid = bids(s)[0];
      if (seat === 1 && bid > 0) out[offset + 5 + bid - 1] = 0;
    };
    const leaky = mutant((s) =>
      method === 'observation'
        ? {
            observation: (seat: number) => {
              const obs = s.observation(seat);
              reveal(s, obs, 0, seat);
              return obs;
            },
          }
        : {
            observeInto: (seat: number, out: Float32Array, offset = 0) => {
              s.observeInto(seat, out, offset);
              reveal(s, out, offset, seat);
            },
          },
    );
    expect(check(leaky)).toThrow(
      new RegExp(
        `${what}\\[[5-9]\\] \\(segment 'theirHand' \\[\\d of 5\\]\\) = 0 ` +
          String.raw`but encode\(view\(1\)\)\[[5-9]\] = 1: ` +
          'an observation must be computed from the view alone, and a value the view does not hold is a leak',
      ),
    );
  });
});
