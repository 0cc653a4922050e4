/**
 * Goofspiel's rules, scenario by scenario, with exact outcomes: the tests a new game copies. Each
 * starts from a table built by hand (test-helpers.ts) or from a seed, plays actions by their labels
 * (playNamed), and checks what the rules say must happen.
 */
import { describe, expect, test } from 'vitest';
import { IllegalActionError, Rng, checkGame, playNamed, returnsFromRanking } from '../../../envs/index.js';
import { goofspiel } from './index.js';
import { stateWith } from './test-helpers.js';

describe('Goofspiel: a round', () => {
  test('the higher bid wins the face-up prize’s value; both bid cards are spent', () => {
    const s = playNamed(stateWith({ prizes: [4, 1, 2, 3, 5] }), 'bid 3', 'bid 2');
    expect(s.scores()).toEqual([4, 0]);
    expect(s.view(0).hands).toEqual([
      [1, 2, 4, 5],
      [1, 3, 4, 5],
    ]);
    expect(s.view(-1).prize).toBe(1);
  });

  test('a tie discards the prize: nobody scores it', () => {
    const s = playNamed(stateWith({ prizes: [5, 1, 2, 3, 4] }), 'bid 5', 'bid 5');
    expect(s.scores()).toEqual([0, 0]);
    expect(s.view(-1).log.at(-2)).toEqual({ kind: 'reveal', args: [5, 5, -1] });
  });

  test('the bid stays face down until the second bid: seat 1 sees that seat 0 bid, not what', () => {
    const s = playNamed(stateWith({ prizes: [3, 1, 2, 4, 5] }), 'bid 4');
    expect(s.view(0).ownBid).toBe(4);
    expect(s.view(1).ownBid).toBe(0);
    expect(s.view(1).bidPlaced).toEqual([true, false]);
    // The bid card still counts as seat 0's, so seat 1's view of the hands has not changed.
    expect(s.view(1).hands[0]).toEqual([1, 2, 3, 4, 5]);
  });

  test('a card not in hand cannot be bid: the error names the seat’s legal bids, and nothing changes', () => {
    const s = stateWith({
      prizes: [1, 2, 3, 4, 5],
      round: 2,
      hands: [
        [2, 4, 5],
        [1, 3, 5],
      ],
      points: [1, 0],
    });
    const before = JSON.stringify(s.toJSON());
    expect(() => playNamed(s.clone(), 'bid 3')).toThrow(
      /no legal action is named 'bid 3'; legal now: 'bid 2', 'bid 4', 'bid 5'/,
    );
    expect(() => s.applyAction(2)).toThrow(IllegalActionError);
    expect(() => s.applyAction(2)).toThrow(/card 3 is not in your hand\)\. Legal now: 1=bid 2, 3=bid 4, 4=bid 5/);
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });
});

describe('Goofspiel: the end', () => {
  test('after the fifth round the most points win', () => {
    const s = stateWith({ prizes: [1, 2, 3, 4, 5], round: 4, hands: [[5], [1]], points: [4, 6] });
    playNamed(s, 'bid 5', 'bid A');
    expect(s.isTerminal()).toBe(true);
    expect(s.scores()).toEqual([9, 6]);
    expect(s.ranking()).toEqual([0, 1]);
    expect(returnsFromRanking(s.ranking())).toEqual([1, -1]);
  });

  test('equal points share first place', () => {
    const s = stateWith({ prizes: [1, 2, 3, 4, 5], round: 4, hands: [[2], [2]], points: [5, 5] });
    playNamed(s, 'bid 2', 'bid 2');
    expect(s.ranking()).toEqual([0, 0]);
    expect(returnsFromRanking(s.ranking())).toEqual([0, 0]);
  });
});

describe('Goofspiel: hidden information', () => {
  test('seat 1’s worlds resample seat 0’s bid among the cards seat 0 could have bid, and keep seat 1’s view', () => {
    const s = playNamed(
      stateWith({
        prizes: [2, 1, 3, 4, 5],
        round: 1,
        hands: [
          [1, 3, 4, 5],
          [2, 3, 4, 5],
        ],
      }),
      'bid 4',
    );
    const bids = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const world = s.determinize(1, Rng.fromSeed(`world:${i}`));
      expect(world.view(1)).toEqual(s.view(1));
      bids.add(goofspiel.positionOf(world).bids[0]);
    }
    expect([...bids].sort()).toEqual([1, 3, 4, 5]);
    // Seat 0's own worlds keep its bid: it knows what it played.
    expect(goofspiel.positionOf(s.determinize(0, Rng.fromSeed('own'))).bids[0]).toBe(4);
  });

  test('the conformance checker passes it, and finds the face-down bid as the one hidden field', () => {
    const report = checkGame(goofspiel, { games: 100, seed: 'goofspiel-rules' });
    expect(report.steps).toBe(100 * 10);
    expect(report.hiddenFields).toEqual(['view(0).ownBid']);
  });
});
