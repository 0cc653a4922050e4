import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { cityplan } from './index.js';
import type { LogEntry } from './events.js';
import type { CityPlanState } from './test-helpers.js';

const GUARD = 3;

/** A seeded random game of `players` seats, calling `visit` before every action and at the end. */
function playRandom(players: number, seed: number, visit: (s: CityPlanState) => void): CityPlanState {
  const variant = seed % 3 === 2 ? 'plain' : 'delta';
  const s = cityplan.newGame({ players, seed, config: { variant } });
  const rng = Rng.fromSeed(`encode-into ${seed}`);
  for (;;) {
    visit(s);
    if (s.isTerminal()) return s;
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
  }
}

/** '' when observeInto(seat) at a nonzero offset of a NaN buffer is encode(view(seat)) exactly, else why not. */
function mismatch(s: CityPlanState, seat: number): string {
  const expected = cityplan.encode(s.view(seat));
  const size = expected.length;
  const out = new Float32Array(size + 2 * GUARD).fill(Number.NaN);
  s.observeInto(seat, out, GUARD);
  for (let i = 0; i < GUARD; i++) {
    if (!Number.isNaN(out[i]) || !Number.isNaN(out[GUARD + size + i])) return `seat ${seat} wrote outside its range`;
  }
  for (let i = 0; i < size; i++) {
    if (!Object.is(out[GUARD + i], expected[i])) {
      const segment = cityplan.observationLayout(s.players).findLast((g) => g.offset <= i)!;
      return `seat ${seat}: [${i}] (${segment.name}) is ${out[GUARD + i]}, encode(view) has ${expected[i]}`;
    }
  }
  return '';
}

/** Every seat and the spectator. */
const viewers = (s: CityPlanState): number[] => [-1, ...Array.from({ length: s.players }, (_, i) => i)];

describe('encodeInto writes encode(view) straight from the position', () => {
  test.each([2, 3, 4, 5])('%i players: 16 random games, every step, every seat and the spectator', (players) => {
    const problems: string[] = [];
    let steps = 0;
    for (let g = 0; g < 16; g++) {
      const seed = 100 * players + g;
      playRandom(players, seed, (s) => {
        steps++;
        for (const seat of viewers(s)) {
          const why = mismatch(s, seat);
          if (why !== '' && problems.length < 5) problems.push(`seed ${seed} step ${steps}: ${why}`);
        }
      });
    }
    expect(problems).toEqual([]);
    expect(steps).toBeGreaterThan(16 * 20);
  });

  test('a finished game saved without action cards (every commit -1) encodes as its view does', () => {
    const s = playRandom(3, 7, () => {});
    const json = s.toJSON() as { commits: number[] };
    const loaded = cityplan.fromJSON({ ...json, commits: json.commits.map(() => -1) });
    for (const seat of viewers(loaded)) expect(mismatch(loaded, seat)).toBe('');
  });

  test('a state restored or cloned mid-game encodes as its view does', () => {
    const states: CityPlanState[] = [];
    playRandom(4, 11, (s) => {
      if (states.length < 40) states.push(s.clone(), cityplan.fromJSON(s.toJSON()));
    });
    for (const s of states) for (const seat of viewers(s)) expect(mismatch(s, seat)).toBe('');
  });
});

describe('the view log', () => {
  test.each([2, 5])('%i players: the cached log equals the log rebuilt from every record, at every step', (players) => {
    const problems: string[] = [];
    for (let g = 0; g < 4; g++) {
      playRandom(players, 900 + g, (s) => {
        const p = cityplan.positionOf(s);
        const rebuilt = JSON.stringify(p.log.entries().map((e) => [e.kind, ...e.args] as LogEntry));
        for (const seat of viewers(s)) {
          const log = JSON.stringify(s.view(seat).log);
          if (log !== rebuilt && problems.length < 5) problems.push(`game ${g} seat ${seat}: ${log} vs ${rebuilt}`);
        }
        // A clone has no cache: its first view converts the whole log.
        if (JSON.stringify(s.clone().view(-1).log) !== rebuilt && problems.length < 5) problems.push('clone');
      });
    }
    expect(problems).toEqual([]);
  });
});

test('every observation segment says what its values mean', () => {
  for (let n = cityplan.minPlayers; n <= cityplan.maxPlayers; n++) {
    for (const segment of cityplan.observationLayout(n)) {
      expect(segment.meaning.trim(), `${n} players: ${segment.name}`).not.toBe('');
      expect(segment.meaning, segment.name).not.toContain('|');
    }
  }
});
