import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { getGame } from '../games.js';
import { promotion } from './index.js';
import type { LogEntry, LogKind } from './events.js';
import { positionJson, type PromotionState } from './test-helpers.js';

const GUARD = 5;

/** observeInto at offset GUARD of a NaN-filled buffer equals encode(view) exactly; the guards stay NaN. */
function expectObservations(s: PromotionState): void {
  const def = getGame('promotion');
  const size = def.observationSize(s.players);
  const out = new Float32Array(size + 2 * GUARD);
  for (let seat = -1; seat < s.players; seat++) {
    out.fill(Number.NaN);
    s.observeInto(seat, out, GUARD);
    const want = def.encode(s.view(seat));
    const got = out.subarray(GUARD, GUARD + size);
    for (let i = 0; i < size; i++) {
      if (!Object.is(got[i], want[i])) {
        expect.fail(`seat ${seat}, value ${i}: observeInto wrote ${got[i]}, encode(view) has ${want[i]}`);
      }
    }
    for (let i = 0; i < GUARD; i++) {
      expect(Number.isNaN(out[i]) && Number.isNaN(out[GUARD + size + i])).toBe(true);
    }
  }
}

/** The view's log as view.ts built it before mapEntries: every record converted afresh. */
function oldLog(s: PromotionState): LogEntry[] {
  return promotion
    .positionOf(s)
    .log.entries()
    .map((e) => ({ kind: e.kind as LogKind, round: e.args[0], args: e.args.slice(1) }));
}

describe('observeInto (the direct encoder)', () => {
  test('equals encode(view) at every step of 60 seeded random games, for every seat and the spectator', () => {
    const def = getGame('promotion');
    const rng = Rng.fromSeed('encode-into');
    let steps = 0;
    for (let game = 0; game < 60; game++) {
      const players = def.minPlayers + (game % (def.maxPlayers - def.minPlayers + 1));
      const s = def.newGame({ players, seed: `into${game}` }) as PromotionState;
      expectObservations(s);
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        expectObservations(s);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(60 * 20);
  });

  test('equals encode(view) at the round cap, where the best highest card and then the rank sum win', () => {
    const over = (fields: string[]) =>
      promotion.fromJSON({
        ...positionJson({ fields, orientation: 1, parent: 2, round: 60 }),
        phase: 'over',
        truncated: true,
        rows: [2, 1, 4, 3],
        activation: 5,
      }) as PromotionState;
    // Seats 0 and 1 share the best card (12) and sum (30); seat 2 has a 12 with a lower sum.
    const tie = over(['S12 H5 D6 C7', 'S5 H12 D7 C6', 'S6 H6 D12 C5', 'S7 H7 D8 C8']);
    expect(tie.view(0).winners).toEqual([0, 1]);
    expectObservations(tie);
    // Seat 3's sum (34) beats the other 12s.
    const bySum = over(['S12 H5 D6 C7', 'S5 H12 D7 C6', 'S6 H6 D5 C5', 'S7 H7 D12 C8']);
    expect(bySum.view(2).winners).toEqual([3]);
    expectObservations(bySum);
  });
});

/** The parts view.ts built from typed arrays before (subarray copies, a 16-bit scan), as it built them. */
function oldArrays(s: PromotionState) {
  const p = promotion.positionOf(s);
  return {
    fields: [0, 1, 2, 3].map((seat) => Array.from(p.fields.subarray(seat * 4, seat * 4 + 4))),
    supply: [0, 1, 2, 3].map((suit) => {
      const ranks: number[] = [];
      for (let rank = 0; rank < 16; rank++) if (p.supply[suit] & (1 << rank)) ranks.push(rank);
      return ranks;
    }),
    rows: p.committed === 4 ? Array.from(p.rows) : null,
  };
}

describe('view', () => {
  test('the log from mapEntries (and the plain-array fields, supply, rows) equal the old rebuild at every step', () => {
    const rng = Rng.fromSeed('view-log');
    for (let game = 0; game < 12; game++) {
      const s = promotion.newGame({ players: 4, seed: `log${game}` }) as PromotionState;
      for (;;) {
        const want = oldLog(s);
        const seat = (game % 5) - 1;
        const log = s.view(seat).log;
        expect(log).toEqual(want);
        expect(JSON.stringify(log)).toBe(JSON.stringify(want));
        const v = s.view(seat);
        expect(JSON.stringify({ fields: v.fields, supply: v.supply, rows: v.rows })).toBe(JSON.stringify(oldArrays(s)));
        // A clone starts without the cache and builds the same log.
        if (rng.int(8) === 0) expect(JSON.stringify(s.clone().view(0).log)).toBe(JSON.stringify(want));
        if (s.isTerminal()) break;
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });
});

describe('layout', () => {
  test('every segment has a one-line meaning', () => {
    const def = getGame('promotion');
    for (let players = def.minPlayers; players <= def.maxPlayers; players++) {
      const layout = def.observationLayout(players);
      expect(layout.reduce((n, s) => n + s.size, 0)).toBe(def.observationSize(players));
      for (const s of layout) {
        expect(s.meaning.trim(), s.name).not.toBe('');
        expect(s.meaning, s.name).not.toContain('\n');
      }
    }
  });
});
