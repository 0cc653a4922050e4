import { describe, expect, test } from 'vitest';
import {
  AgoraError,
  CHANCE,
  IllegalActionError,
  Rng,
  checkGame,
  makeEnv,
  playNamed,
  type GameState,
} from '../index.js';
import { tictactoe } from '../tictactoe/index.js';
import { kuhn, type KuhnView } from './index.js';

const J = 0;
const Q = 1;
const K = 2;

/** A hand in explicit-chance mode with the given cards dealt, then the named betting actions. */
function hand(card0: number, card1: number, ...bets: string[]): GameState<KuhnView> {
  const s = kuhn.newGame({ players: 2, seed: 0, chance: 'explicit' });
  s.applyAction(card0);
  s.applyAction(card1);
  return playNamed(s, ...bets);
}

describe('kuhn: every betting line pays as OpenSpiel', () => {
  test.each([
    ['pass, pass: showdown for the antes', K, J, ['pass', 'pass'], [1, -1], 'showdown'],
    ['pass, pass: the lower card loses its ante', J, Q, ['pass', 'pass'], [-1, 1], 'showdown'],
    ['bet, bet: showdown for two chips', Q, K, ['bet', 'bet'], [-2, 2], 'showdown'],
    ['bet, pass: seat 1 folds', J, K, ['bet', 'pass'], [1, -1], 'fold'],
    ['pass, bet, pass: seat 0 folds', K, Q, ['pass', 'bet', 'pass'], [-1, 1], 'fold'],
    ['pass, bet, bet: showdown for two chips', K, Q, ['pass', 'bet', 'bet'], [2, -2], 'showdown'],
  ] as const)('%s', (_name, c0, c1, bets, returns, ending) => {
    const s = hand(c0, c1, ...bets);
    expect(s.isTerminal()).toBe(true);
    expect(s.currentPlayer()).toBe(-1);
    expect(s.returns()).toEqual(returns);
    expect(s.scores()).toEqual(returns);
    expect(s.ranking()).toEqual(returns[0] > 0 ? [0, 1] : [1, 0]);
    expect(s.view(0).ending).toBe(ending);
  });

  test('the returns are chips: returnScale 2, unit chips; ranking games keep 1 and rank', () => {
    expect([kuhn.returnScale, kuhn.returnUnit, kuhn.hasExplicitChance, kuhn.hasInformationStates]).toEqual([
      2,
      'chips',
      true,
      true,
    ]);
    expect([tictactoe.returnScale, tictactoe.returnUnit]).toEqual([1, 'rank']);
    expect([tictactoe.hasExplicitChance, tictactoe.hasInformationStates]).toEqual([false, false]);
  });
});

describe('kuhn: chance points', () => {
  test('explicit mode: two deals, seat 0 from three cards at 1/3, seat 1 from the other two at 1/2', () => {
    const s = kuhn.newGame({ players: 2, seed: 5, chance: 'explicit' });
    expect(s.chanceMode).toBe('explicit');
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.chanceOutcomes()).toEqual([
      { outcome: J, probability: 1 / 3, label: 'deal J (Jack) to seat 0' },
      { outcome: Q, probability: 1 / 3, label: 'deal Q (Queen) to seat 0' },
      { outcome: K, probability: 1 / 3, label: 'deal K (King) to seat 0' },
    ]);
    expect(s.legalActions()).toEqual([J, Q, K]);
    s.applyAction(Q);
    expect(s.chanceOutcomes().map((o) => [o.outcome, o.probability])).toEqual([
      [J, 0.5],
      [K, 0.5],
    ]);
    expect(s.clone().chanceMode).toBe('explicit');
    s.applyAction(K);
    expect(s.currentPlayer()).toBe(0);
    expect(s.chanceOutcomes()).toEqual([]);
    expect(s.view(0).cards).toEqual([Q, -1]);
    expect(s.view(1).cards).toEqual([-1, K]);
  });

  test('an outcome not listed is refused, naming the outcomes, and changes nothing', () => {
    const s = kuhn.newGame({ players: 2, seed: 5, chance: 'explicit' });
    s.applyAction(Q);
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(Q)).toThrow(IllegalActionError);
    expect(() => s.applyAction(Q)).toThrow(
      'kuhn: 1 is not an outcome of this chance point (it is not one of the listed outcomes). ' +
        'Outcomes: 0=deal J (Jack) to seat 1 (p=0.5), 2=deal K (King) to seat 1 (p=0.5)',
    );
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });

  test('implicit mode (the default) deals from the seed: no chance point is ever seen', () => {
    const a = kuhn.newGame({ players: 2, seed: 'deal' });
    const b = kuhn.newGame({ players: 2, seed: 'deal' });
    expect(a.chanceMode).toBe('implicit');
    expect(a.currentPlayer()).toBe(0);
    expect(a.toJSON()).toEqual(b.toJSON());
    const cards = (a.toJSON() as { cards: number[] }).cards;
    expect(cards[0]).not.toBe(cards[1]);
    expect(cards.every((c) => c >= 0 && c <= 2)).toBe(true);
  });

  test('a saved chance point loads explicit on request, and is dealt from its rng otherwise', () => {
    const s = kuhn.newGame({ players: 2, seed: 'saved', chance: 'explicit' });
    const json = s.toJSON();
    expect(kuhn.fromJSON(json, { chance: 'explicit' }).currentPlayer()).toBe(CHANCE);
    const dealt = kuhn.fromJSON(json);
    expect(dealt.currentPlayer()).toBe(0);
    expect(dealt.toJSON()).toEqual(kuhn.newGame({ players: 2, seed: 'saved' }).toJSON());
  });

  test('a game without chance points refuses explicit mode, naming the game', () => {
    const explicit = () => tictactoe.newGame({ players: 2, seed: 0, chance: 'explicit' });
    expect(explicit).toThrow(AgoraError);
    expect(explicit).toThrow('tictactoe: the game has no chance points to show');
    expect(() => kuhn.newGame({ players: 2, seed: 0, chance: 'sometimes' as 'explicit' })).toThrow(
      `kuhn: chance is 'implicit' or 'explicit'; got "sometimes"`,
    );
  });
});

describe('kuhn: information states and hidden cards', () => {
  test("keys: the seat's card, '?' for a hidden one, then the betting", () => {
    const s = kuhn.newGame({ players: 2, seed: 0, chance: 'explicit' });
    expect([s.informationState(0), s.informationState(1)]).toEqual(['', '']);
    s.applyAction(J);
    expect([s.informationState(0), s.informationState(1)]).toEqual(['J', '?']);
    s.applyAction(K);
    playNamed(s, 'pass', 'bet');
    expect([s.informationState(0), s.informationState(1)]).toEqual(['J?pb', '?Kpb']);
    playNamed(s, 'bet');
    expect([s.informationState(0), s.informationState(1)]).toEqual(['JKpbb', 'JKpbb']);
    expect(() => s.informationState(2)).toThrow('kuhn: informationState takes a seat 0..1; got 2');
    expect(() => tictactoe.newGame({ players: 2, seed: 0 }).informationState(0)).toThrow(
      'tictactoe: the game has no information-state keys',
    );
  });

  test('a fold shows no card; a showdown shows both', () => {
    const folded = hand(Q, K, 'bet', 'pass');
    expect(folded.view(0).cards).toEqual([Q, -1]);
    expect(folded.view(1).cards).toEqual([-1, K]);
    expect(folded.view(-1).cards).toEqual([-1, -1]);
    expect(JSON.stringify(folded.view(1))).not.toContain('"cards":[1');
    expect(hand(Q, K, 'bet', 'bet').view(-1).cards).toEqual([Q, K]);
  });

  test("determinize re-deals only the other seat's card, from the two the seat cannot see", () => {
    const s = hand(Q, K, 'pass');
    const drawn = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const world = s.determinize(0, Rng.fromSeed(i)).toJSON() as { cards: number[] };
      expect(world.cards[0]).toBe(Q);
      drawn.add(world.cards[1]);
    }
    expect([...drawn].sort()).toEqual([J, K]);
  });

  test('the board hides the other card behind a card back', () => {
    const svg = kuhn.renderSvg(hand(Q, K, 'pass').view(0));
    expect(svg).toContain('your card: Queen');
    expect(svg).toContain('seat 1&#39;s card, face down');
    expect(svg).not.toContain('King');
  });
});

/** Seat 0's expected chips when both seats bet with the probability `policy` gives each key. */
function gameValue(policy: (key: string) => number): number {
  const walk = (s: GameState): number => {
    if (s.isTerminal()) return s.returns()[0];
    if (s.currentPlayer() === CHANCE) {
      return s.chanceOutcomes().reduce((v, o) => {
        const next = s.clone();
        next.applyAction(o.outcome);
        return v + o.probability * walk(next);
      }, 0);
    }
    const bet = policy(s.informationState(s.currentPlayer()));
    const [pass, betting] = [0, 1].map((a) => {
      const next = s.clone();
      next.applyAction(a);
      return walk(next);
    });
    return (1 - bet) * pass + bet * betting;
  };
  return walk(kuhn.newGame({ players: 2, seed: 0, chance: 'explicit' }));
}

describe('kuhn: game values through the explicit-chance API', () => {
  test('uniform random play is worth 1/8 chip a hand to seat 0', () => {
    expect(gameValue(() => 0.5)).toBeCloseTo(1 / 8, 12);
  });

  // The equilibrium family (Kuhn 1950; OpenSpiel's kuhn_poker docs): seat 0 bets the Jack with
  // probability a, the King with 3a, checks the Queen and calls with it with a + 1/3; seat 1 bets or
  // calls with the King, calls with the Queen 1/3 of the time, bluffs the Jack 1/3 after a check.
  test.each([0, 0.1, 0.2, 1 / 3])('equilibrium with alpha %d is worth -1/18 to seat 0', (alpha) => {
    const bets: Record<string, number> = {
      'J?': alpha,
      'Q?': 0,
      'K?': 3 * alpha,
      'J?pb': 0,
      'Q?pb': alpha + 1 / 3,
      'K?pb': 1,
      '?Jp': 1 / 3,
      '?Qp': 0,
      '?Kp': 1,
      '?Jb': 0,
      '?Qb': 1 / 3,
      '?Kb': 1,
    };
    expect(gameValue((key) => bets[key])).toBeCloseTo(-1 / 18, 12);
  });
});

test('kuhn passes the conformance checker, its payoff, chance and information-state checks included', () => {
  const report = checkGame(kuhn, { games: 100, seed: 'kuhn-rules' });
  expect(report.games).toBe(100);
  expect(report.resampledStates).toBeGreaterThan(0);
});

test('the environments reward chips: a bet called and lost costs 2', () => {
  const env = makeEnv('kuhn', { seed: 3 });
  env.reset({ seed: 3 });
  env.step(1); // seat 0 bets
  env.step(1); // seat 1 calls: showdown for two chips each
  const returns = env.state.returns();
  expect(returns.map(Math.abs)).toEqual([2, 2]);
  expect(env.rewards).toEqual(returns);
});
