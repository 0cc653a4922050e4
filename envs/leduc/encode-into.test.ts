import { describe, expect, test } from 'vitest';
import { CHANCE, type GameState } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { leduc, type LeducView } from './index.js';

const GUARD = 3;

/** '' when observeInto(seat) at a nonzero offset of a NaN buffer is encode(view(seat)) exactly, else why not. */
function mismatch(s: GameState<LeducView>, seat: number): string {
  const expected = leduc.encode(s.view(seat));
  const size = expected.length;
  const out = new Float32Array(size + 2 * GUARD).fill(Number.NaN);
  s.observeInto(seat, out, GUARD);
  for (let i = 0; i < GUARD; i++) {
    if (!Number.isNaN(out[i]) || !Number.isNaN(out[GUARD + size + i])) return `seat ${seat} wrote outside its range`;
  }
  for (let i = 0; i < size; i++) {
    if (!Object.is(out[GUARD + i], expected[i])) {
      const segment = leduc.observationLayout(2).findLast((g) => g.offset <= i)!;
      return `seat ${seat}: [${i}] (${segment.name}) is ${out[GUARD + i]}, encode(view) has ${expected[i]}`;
    }
  }
  return '';
}

describe('encodeInto writes encode(view) straight from the position', () => {
  test.each(['implicit', 'explicit'] as const)(
    '%s chance: 200 random hands, every step, both seats and the spectator',
    (chance) => {
      const problems: string[] = [];
      let steps = 0;
      const rng = Rng.fromSeed(`encode-into:${chance}`);
      for (let g = 0; g < 200; g++) {
        const s = leduc.newGame({ players: 2, seed: g, chance });
        for (;;) {
          steps++;
          for (const seat of [-1, 0, 1]) {
            const why = mismatch(s, seat);
            if (why !== '' && problems.length < 5) problems.push(`seed ${g} step ${steps}: ${why}`);
          }
          if (s.isTerminal()) break;
          const legal = s.currentPlayer() === CHANCE ? s.chanceOutcomes().map((o) => o.outcome) : s.legalActions();
          s.applyAction(legal[rng.int(legal.length)]);
        }
      }
      expect(problems).toEqual([]);
      expect(steps).toBeGreaterThan(200 * 3);
    },
  );
});
