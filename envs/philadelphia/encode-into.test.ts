/**
 * The direct encoder (encode-into.ts) against the reference encode(view) at every step of seeded
 * random games, for every seat and the spectator; the view's log from the log's cache against a
 * full rebuild; and the observation layout's meanings.
 */
import { describe, expect, test } from 'vitest';
import { playNamed } from '../core/testing.js';
import { getGame } from '../games.js';
import { Rng } from '../core/rng.js';
import { MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS } from './components.js';
import { offsetsFor } from './encode-into.js';
import { layoutOf } from './encode.js';
import { packEntry } from './events.js';
import { philadelphia, type PhiladelphiaState } from './index.js';
import { load, positionOf } from './test-helpers.js';

const GAMES_PER_COUNT = 20;
const GUARD = 5;
const PLAYER_COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);

/**
 * The first difference between observeInto(seat) at offset GUARD of a NaN-filled buffer and
 * encode(view(seat)), or of a guard value; '' when there is none. Values compare with Object.is, so
 * -0 and NaN would count as differences too.
 */
function mismatch(s: PhiladelphiaState, seat: number, buf: Float32Array, size: number): string {
  buf.fill(Number.NaN);
  s.observeInto(seat, buf, GUARD);
  const ref = philadelphia.encode(s.view(seat));
  if (ref.length !== size) return `encode gave ${ref.length} values, not ${size}`;
  for (let i = 0; i < size; i++) {
    if (!Object.is(buf[GUARD + i], ref[i])) return `[${i}] = ${buf[GUARD + i]}, encode(view) has ${ref[i]}`;
  }
  for (let i = 0; i < GUARD; i++) {
    if (!Number.isNaN(buf[i]) || !Number.isNaN(buf[GUARD + size + i])) return 'a guard value was overwritten';
  }
  return '';
}

/** Every seat and the spectator at the state as it is; throws naming the first difference. */
function checkAllSeats(s: PhiladelphiaState, where: string): void {
  const size = philadelphia.observationSize(s.players);
  const buf = new Float32Array(size + 2 * GUARD);
  for (let seat = -1; seat < s.players; seat++) {
    const diff = mismatch(s, seat, buf, size);
    if (diff !== '') throw new Error(`${where}, seat ${seat}: ${diff}`);
  }
}

describe('encodeInto equals encode(view)', () => {
  test.each(PLAYER_COUNTS)('%i players: every step of seeded random games, every seat and -1', (players) => {
    let steps = 0;
    for (let g = 0; g < GAMES_PER_COUNT; g++) {
      const s = philadelphia.newGame({ players, seed: `encode-into:${players}:${g}` });
      const rng = Rng.fromSeed(`encode-into-actions:${players}:${g}`);
      for (let step = 0; ; step++) {
        checkAllSeats(s, `game ${g}, step ${step}`);
        steps++;
        if (s.isTerminal()) break;
        s.applyAction(rng.pick(s.legalActions()));
      }
    }
    expect(steps).toBeGreaterThan(GAMES_PER_COUNT * 50);
  });

  test('finished games: a shared win, a single winner, the round cap', () => {
    const ended = (spec: Parameters<typeof load>[0]) =>
      playNamed(load(spec), 'acquire...', 'acquire 1 card for 1 gold');
    const three = { hands: [[], [], []], vp: [11, 11, 8], round: 5, turnSeat: 2, actionsLeft: 1 };
    const cases = [
      ended({ ...three, gold: [6, 6, 5] }),
      ended({ ...three, gold: [6, 9, 5] }),
      ended({
        hands: [[], [], [], []],
        vp: [4, 4, 1, 4],
        gold: [3, 3, 9, 6],
        round: MAX_ROUNDS,
        turnSeat: 3,
        actionsLeft: 1,
      }),
    ];
    expect(cases.map((s) => s.view(-1).winners)).toEqual([[0, 1], [1], [3]]);
    expect(cases[2].isTruncated()).toBe(true);
    cases.forEach((s, i) => checkAllSeats(s, `case ${i}`));
  });

  test('the offsets table names every segment of every layout, at its offset', () => {
    for (const players of PLAYER_COUNTS) {
      expect(offsetsFor(players)).toEqual(layoutOf(players).offsets);
    }
  });
});

describe('the view log from the log cache', () => {
  test('equals a full rebuild of the log at every step, also after clones and saved states', () => {
    for (const players of PLAYER_COUNTS) {
      for (let g = 0; g < 3; g++) {
        let s = philadelphia.newGame({ players, seed: `view-log:${players}:${g}` });
        const rng = Rng.fromSeed(`view-log-actions:${players}:${g}`);
        for (let step = 0; !s.isTerminal(); step++) {
          const rebuilt = positionOf(s)
            .log.entries()
            .map(({ kind, args }) => packEntry(kind, args));
          for (let seat = -1; seat < players; seat++) {
            const log = s.view(seat).log;
            if (JSON.stringify(log) !== JSON.stringify(rebuilt))
              throw new Error(`${players} players, game ${g}, step ${step}, seat ${seat}: the view's log differs`);
          }
          // A clone or a loaded state starts without the cache; the original keeps its own.
          if (step % 50 === 25) {
            const fresh = step % 100 === 25 ? s.clone() : philadelphia.fromJSON(s.toJSON());
            expect(JSON.stringify(fresh.view(-1))).toBe(JSON.stringify(s.view(-1)));
            if (step % 100 === 75) s = fresh as PhiladelphiaState;
          }
          s.applyAction(rng.pick(s.legalActions()));
        }
      }
    }
  });
});

describe('observation layout', () => {
  test('every segment has a one-line meaning, for every seat count', () => {
    const def = getGame('philadelphia');
    for (const players of PLAYER_COUNTS) {
      const layout = def.observationLayout(players);
      expect(layout.map((s) => s.name)).toEqual(layoutOf(players).segments.map((s) => s.name));
      for (const s of layout) {
        expect(s.meaning.trim(), s.name).not.toBe('');
        expect(s.meaning, s.name).not.toMatch(/\n/);
      }
    }
  });
});
