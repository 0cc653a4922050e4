import { describe, expect, test } from 'vitest';
import { PuctSearch, type PolicyNetwork } from '../agents/index.js';
import { Rng, decisionContext, getGame } from '../envs/index.js';
import { samplesOf } from './replay-buffer.js';
import { playSelfPlayGame, type GameRecord } from './self-play.js';
import { mixedValue, scoreMargins, scoreScaleOf, scoreTargets } from './value-targets.js';

const ttt = getGame('tictactoe');

/** X takes the top row (cells 0 1 2) while O plays 3 and 4: X wins on the fifth move. */
function handMadeRecord(withRootValues: boolean): GameRecord {
  const target = (legal: number[], visits: number[], rootValue: number[]) =>
    withRootValues ? { legal, visits, rootValue } : { legal, visits };
  return {
    seed: 'hand-made',
    players: 2,
    actions: [0, 3, 1, 4, 2],
    targets: [
      target([0, 1, 2, 3, 4, 5, 6, 7, 8], [4, 0, 0, 0, 0, 0, 0, 0, 0], [0.25, -0.25]),
      null,
      target([1, 2, 5, 6, 7, 8], [1, 1, 0, 0, 0, 2], [0.5, -0.5]),
      target([2, 4, 5, 6, 7, 8], [0, 3, 0, 0, 0, 1], [0.75, -0.75]),
      target([2, 5, 6, 7, 8], [4, 0, 0, 0, 0], [1, -1]),
    ],
    returns: [1, -1],
  };
}

describe('value targets', () => {
  test('score margins: each seat minus the mean of the others; over the scale, clipped to [-1, 1]', () => {
    expect(scoreMargins([9, 3, 6, 6])).toEqual([4, -4, 0, 0]);
    expect(scoreMargins([5])).toEqual([0]);
    expect(scoreTargets([9, 3, 6, 6], 8)).toEqual([0.5, -0.5, 0, 0]);
    expect(scoreTargets([9, 3, 6, 6], 2)).toEqual([1, -1, 0, 0]);
  });

  test('mixed value: (1 - mix) * returns + mix * root value; the returns alone without a root value', () => {
    expect(mixedValue([1, -1], [0.5, -0.5], 0.25)).toEqual([0.875, -0.875]);
    expect(mixedValue([1, -1], [0.5, -0.5], 0)).toEqual([1, -1]);
    expect(mixedValue([1, -1], undefined, 0.5)).toEqual([1, -1]);
  });

  test("the score scale is the 90th percentile of random games' |margins|, at least 1", () => {
    // Tic-tac-toe scores are 1 for a win, else 0: margins are +-1 or 0.
    expect(scoreScaleOf(ttt, 2)).toBe(1);
    // Promotion's margins are thirds (the mean of three other seats); the same on every call.
    const promotion = getGame('promotion');
    expect(scoreScaleOf(promotion, 4)).toBeCloseTo(7 / 3, 12);
  });

  test("a hand-made record's samples: mixed values and score margins rotated to the deciding seat", () => {
    const samples = samplesOf(ttt, handMadeRecord(true), { valueMix: 0.25, scoreScale: 1 });
    // Four targets (the second decision has none): X, X, O, X deciding.
    expect(samples.map((s) => Array.from(s.value))).toEqual([
      [0.8125, -0.8125], // X: 0.75 * 1 + 0.25 * 0.25
      [0.875, -0.875], // X: 0.75 * 1 + 0.25 * 0.5
      [-0.9375, 0.9375], // O first: 0.75 * -1 + 0.25 * -0.75
      [1, -1],
    ]);
    // X won 1 to 0: margins +1 and -1 on scale 1, O's sample seen from O.
    expect(samples.map((s) => Array.from(s.score!))).toEqual([
      [1, -1],
      [1, -1],
      [-1, 1],
      [1, -1],
    ]);
    expect(Array.from(samples[1].policy)).toEqual([0.25, 0.25, 0, 0, 0, 0.5]);
  });

  test('without settings the targets are as before (returns, no score); old records without root values load', () => {
    for (const record of [handMadeRecord(true), handMadeRecord(false)]) {
      const samples = samplesOf(ttt, record);
      expect(samples.map((s) => Array.from(s.value))).toEqual([
        [1, -1],
        [1, -1],
        [-1, 1],
        [1, -1],
      ]);
      expect(samples.every((s) => s.score === undefined)).toBe(true);
    }
    const old = samplesOf(ttt, handMadeRecord(false), { valueMix: 0.5, scoreScale: 1 });
    expect(old.map((s) => Array.from(s.value))).toEqual([
      [1, -1],
      [1, -1],
      [-1, 1],
      [1, -1],
    ]);
    // A record through JSON (buffer.json) gives the same samples.
    const again = samplesOf(ttt, JSON.parse(JSON.stringify(handMadeRecord(true))) as GameRecord, { valueMix: 0.25 });
    expect(again.map((s) => Array.from(s.value))).toEqual(
      samplesOf(ttt, handMadeRecord(true), { valueMix: 0.25 }).map((s) => Array.from(s.value)),
    );
  });
});

describe('root values in self-play records', () => {
  const indifferent: PolicyNetwork = {
    players: 2,
    evaluate: () => ({ logits: new Float32Array(ttt.actionSize), value: new Float32Array(2) }),
  };
  const options = { iterations: 32, cPuct: 1.25, noise: 0, alpha: 0.3, temperatureMoves: 0 };

  test("PuctSearch.rootValues: the root's mean value per absolute seat (zeros before any visit)", () => {
    const state = ttt.newGame({ players: 2, seed: 'root' });
    for (const cell of [0, 3, 1, 4]) state.applyAction(cell);
    const ctx = decisionContext(ttt, state, Rng.fromSeed('root'));
    const search = new PuctSearch(ttt, 2, (r) => ctx.sampleWorld(r), Rng.fromSeed('root'), options);
    expect(search.rootValues()).toEqual([0, 0]);
    while (!search.done) {
      const leaf = search.select();
      if (leaf) search.expand(leaf, indifferent.evaluate(leaf.observation));
    }
    const visits = search.root.visits;
    expect(search.rootValues()).toEqual(Array.from(search.root.totals, (t) => t / visits));
    // X wins at 2: the wins found back up +1 for X, -1 for O, and the network's other leaves 0.
    expect(search.rootValues()[0]).toBeGreaterThan(0);
    expect(search.rootValues()[1]).toBe(-search.rootValues()[0]);
  });

  test('every recorded decision keeps the root value per seat, to 4 decimals; forced moves none', () => {
    const record = playSelfPlayGame(ttt, indifferent, 2, 'root-values', options);
    for (const target of record.targets.filter((t) => t !== null)) {
      expect(target.rootValue).toHaveLength(2);
      for (const v of target.rootValue!) {
        expect(Math.abs(v)).toBeLessThanOrEqual(1);
        expect(Math.round(v * 1e4) / 1e4).toBe(v);
      }
    }
    expect(record.targets.filter((t) => t !== null).length).toBeGreaterThan(3);
  });
});
