import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { LOG_CAPACITY } from './events.js';
import { MAX_PLAYERS, MIN_PLAYERS, STEP_CAP } from './components.js';
import { perikles } from './index.js';
import type { PeriklesState } from './test-helpers.js';
import { SPECTATOR_LOG, VIEW_LOG_MAX } from './view.js';

const PLAYER_COUNTS = [3, 4, 5];
const GAMES_PER_COUNT = 20;
const GUARD = 7;

/** Plays a seeded random game to its end, calling `visit` before every action and at the end. */
function playRandom(players: number, seed: string, visit: (s: PeriklesState, step: number) => void): PeriklesState {
  const s = perikles.newGame({ players, seed });
  const rng = Rng.fromSeed(`${seed}-moves`);
  // Some games are cut by the step cap at a random step, so truncated endings are covered too.
  const truncateAt = rng.int(4) === 0 ? rng.int(400) : -1;
  for (let step = 0; ; step++) {
    if (step === truncateAt) perikles.positionOf(s).steps = STEP_CAP - 1;
    visit(s, step);
    if (s.isTerminal()) return s;
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
  }
}

/** The segment holding value `i` of an observation, for failure messages. */
function segmentAt(players: number, i: number): string {
  const seg = perikles.observationLayout(players).find((x) => x.offset <= i && i < x.offset + x.size);
  return seg ? `${seg.name}[${i - seg.offset}]` : `[${i}]`;
}

describe('encodeInto (observeInto) equals encode(view)', () => {
  test(`at every step of ${PLAYER_COUNTS.length * GAMES_PER_COUNT} random games, every seat and the spectator`, () => {
    let truncated = 0;
    let steps = 0;
    for (const players of PLAYER_COUNTS) {
      const size = perikles.observationSize(players);
      const buffer = new Float32Array(size + 2 * GUARD);
      const bits = new Uint32Array(buffer.buffer);
      for (let g = 0; g < GAMES_PER_COUNT; g++) {
        const seed = `encode-into-${players}-${g}`;
        const end = playRandom(players, seed, (s, step) => {
          steps++;
          for (let seat = -1; seat < players; seat++) {
            buffer.fill(NaN);
            s.observeInto(seat, buffer, GUARD);
            const expected = new Uint32Array(perikles.encode(s.view(seat)).buffer);
            for (let i = 0; i < size; i++) {
              if (bits[GUARD + i] !== expected[i]) {
                const where = `${seed} step ${step} seat ${seat}: ${segmentAt(players, i)}`;
                expect(buffer[GUARD + i], where).toBe(new Float32Array(expected.buffer)[i]);
                expect.unreachable(`${where}: the bits differ`);
              }
            }
            for (let i = 0; i < GUARD; i++) {
              if (!Number.isNaN(buffer[i]) || !Number.isNaN(buffer[GUARD + size + i]))
                expect.unreachable(`${seed} step ${step} seat ${seat}: a write outside the range`);
            }
          }
        });
        if (end.isTruncated()) truncated++;
      }
    }
    expect(truncated).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(PLAYER_COUNTS.length * GAMES_PER_COUNT * 100);
  });

  test('observation(seat) is observeInto on a fresh buffer', () => {
    playRandom(4, 'observation', (s, step) => {
      if (step % 25 !== 0) return;
      for (let seat = -1; seat < 4; seat++) {
        expect(Array.from(s.observation(seat))).toEqual(Array.from(perikles.encode(s.view(seat))));
      }
    });
  });
});

describe('the view log through EventLog.mapEntries', () => {
  test("equals the full rebuild from the log's entries at every step, for every seat", () => {
    for (const players of PLAYER_COUNTS) {
      playRandom(players, `view-log-${players}`, (s) => {
        const t = perikles.positionOf(s);
        for (let seat = -1; seat < players; seat++) {
          // view.ts before mapEntries: the records since the seat's last move, the latest VIEW_LOG_MAX.
          const start = seat >= 0 ? t.lastMove[seat] : t.logCount - SPECTATOR_LOG;
          const from = Math.max(start, t.logCount - Math.min(LOG_CAPACITY, VIEW_LOG_MAX), 0);
          const old = t.log.entries(from - (t.logCount - t.log.length)).map((e) => [e.kind, ...e.args]);
          const v = s.view(seat);
          expect(JSON.stringify(v.log)).toBe(JSON.stringify(old));
          expect(v.logDropped).toBe(from - Math.max(start, 0));
        }
        // A clone's first view takes the direct path (view.ts logTail), its later ones mapEntries: the same view.
        if (t.steps % 50 === 0) {
          const c = s.clone();
          for (let k = 0; k < 2; k++) expect(JSON.stringify(c.view(-1))).toBe(JSON.stringify(s.view(-1)));
        }
      });
    }
  });
});

describe('observation layout', () => {
  test('every segment has a meaning', () => {
    for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) {
      for (const seg of perikles.observationLayout(n)) {
        expect(seg.meaning.trim(), `${n} players: ${seg.name}`).not.toBe('');
      }
    }
  });
});
