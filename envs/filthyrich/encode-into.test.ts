import { describe, expect, test } from 'vitest';
import type { GameState } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { getGame } from '../games.js';
import { MAX_PLAYERS, MAX_STEPS, MAX_TURNS, MIN_PLAYERS, PHASES } from './components.js';
import type { LogEntry, LogKind } from './events.js';
import { filthyrich } from './index.js';
import type { FilthyRichPosition } from './position.js';
import type { FilthyRichView } from './view.js';

const def = getGame('filthyrich');
const GUARD = 5;

/** Seeded random playouts; `visit` sees the state before every decision and once over. */
function playRandom(players: number, seed: string, visit: (s: GameState<FilthyRichView>) => void): void {
  const s = filthyrich.newGame({ players, seed });
  const rng = Rng.fromSeed(`${seed}:moves`);
  for (;;) {
    visit(s);
    if (s.isTerminal()) return;
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
  }
}

/** The first value where observeInto (into a NaN-filled buffer at an offset) differs from encode(view), or ''. */
function mismatch(s: GameState<FilthyRichView>, seat: number): string {
  const expected = def.encode(s.view(seat));
  const size = expected.length;
  const out = new Float32Array(size + 2 * GUARD).fill(Number.NaN);
  s.observeInto(seat, out, GUARD);
  // Bit for bit: the same float32 values, not just close ones.
  const got = new Uint32Array(out.buffer, GUARD * 4, size);
  const want = new Uint32Array(expected.buffer, expected.byteOffset, size);
  for (let i = 0; i < size; i++) {
    if (got[i] !== want[i]) {
      const segment = def.observationLayout(s.players).find((g) => i >= g.offset && i < g.offset + g.size);
      return `seat ${seat}: [${i}] (${segment?.name}) is ${out[GUARD + i]}, encode(view) has ${expected[i]}`;
    }
  }
  for (let i = 0; i < GUARD; i++) {
    if (!Number.isNaN(out[i]) || !Number.isNaN(out[GUARD + size + i])) return `seat ${seat}: wrote outside its range`;
  }
  return '';
}

/** The view's log as it was built before EventLog.mapEntries: every record converted afresh. */
function logRebuilt(p: FilthyRichPosition, seat: number): LogEntry[] {
  const from = seat >= 0 ? Math.max(0, p.lastMove[seat] - p.logBase) : 0;
  const out: LogEntry[] = [];
  for (const e of p.log.entries(from)) {
    const turn = e.args[0];
    if (seat < 0 && out.length === 0 && turn < p.turn - 1) continue;
    out.push({ kind: e.kind as LogKind, turn, args: e.args.slice(1) });
  }
  return out;
}

describe('encodeInto (observeInto) equals encode(view)', () => {
  test('at every step of 64 random games over 2-5 players, for every seat and the spectator', () => {
    const phases = new Set<string>();
    let over = 0;
    let states = 0;
    for (let game = 0; game < 64; game++) {
      const players = MIN_PLAYERS + (game % (MAX_PLAYERS - MIN_PLAYERS + 1));
      playRandom(players, `encode-into:${game}`, (s) => {
        const p = filthyrich.positionOf(s);
        phases.add(PHASES[p.phase]);
        if (s.isTerminal()) over++;
        states++;
        for (let seat = -1; seat < players; seat++) {
          const bad = mismatch(s, seat);
          if (bad !== '') expect.fail(`game ${game} (${players} players), step ${p.steps}, ${bad}`);
        }
      });
    }
    // The games reach every decision kind, the tax events and auctions included.
    expect([...phases].sort()).toEqual([...PHASES].sort());
    expect(over).toBe(64);
    expect(states).toBeGreaterThan(5000);
  });

  test('games ended by the turn and the decision caps (ties for first place)', () => {
    let truncated = 0;
    for (let game = 0; game < 16; game++) {
      const players = MIN_PLAYERS + (game % (MAX_PLAYERS - MIN_PLAYERS + 1));
      const start = filthyrich.newGame({ players, seed: `encode-into:cap:${game}` });
      const rng = Rng.fromSeed(`encode-into:cap:${game}:moves`);
      for (let i = 0; i < 20 && !start.isTerminal(); i++) {
        const legal = start.legalActions();
        start.applyAction(legal[rng.int(legal.length)]);
      }
      const json = start.toJSON() as Record<string, unknown>;
      if (game % 2 === 0) json.turn = MAX_TURNS;
      else json.steps = MAX_STEPS - 3;
      const s = filthyrich.fromJSON(json);
      for (;;) {
        for (let seat = -1; seat < players; seat++) {
          const bad = mismatch(s, seat);
          if (bad !== '') expect.fail(`cap game ${game}, ${bad}`);
        }
        if (s.isTerminal()) break;
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
      if (s.isTruncated()) truncated++;
    }
    expect(truncated).toBeGreaterThan(8);
  });

  test('a restored or cloned state (no log cache) and a reused buffer give the same values', () => {
    playRandom(3, 'encode-into:restored', (s) => {
      const size = def.observationSize(3);
      const out = new Float32Array(size + 1).fill(0.5);
      for (const copy of [s.clone(), filthyrich.fromJSON(s.toJSON())]) {
        for (let seat = -1; seat < 3; seat++) {
          copy.observeInto(seat, out, 1);
          expect(Array.from(out.subarray(1))).toEqual(Array.from(s.observation(seat)));
          expect(mismatch(copy, seat)).toBe('');
        }
      }
    });
  });
});

describe('views', () => {
  test('the log from mapEntries equals the full rebuild, at every step, for every seat and the spectator', () => {
    for (let game = 0; game < 8; game++) {
      const players = MIN_PLAYERS + (game % (MAX_PLAYERS - MIN_PLAYERS + 1));
      playRandom(players, `view-log:${game}`, (s) => {
        const p = filthyrich.positionOf(s);
        for (let seat = -1; seat < players; seat++) {
          const log = s.view(seat).log;
          const rebuilt = logRebuilt(p, seat);
          if (JSON.stringify(log) !== JSON.stringify(rebuilt)) {
            expect.fail(`game ${game}, step ${p.steps}, seat ${seat}: ${JSON.stringify(log)}`);
          }
        }
        // A second view of the same state is equal too (shared, frozen entries).
        expect(JSON.stringify(s.view(-1))).toBe(JSON.stringify(s.clone().view(-1)));
      });
    }
  });

  test('shared log entries are frozen, so no view can change another', () => {
    let checked = false;
    playRandom(4, 'view-log:frozen', (s) => {
      const log = s.view(0).log;
      if (log.length === 0 || checked) return;
      expect(Object.isFrozen(log[0])).toBe(true);
      expect(Object.isFrozen(log[0].args)).toBe(true);
      expect(Object.isFrozen(log)).toBe(false);
      checked = true;
    });
    expect(checked).toBe(true);
  });
});

test('every observation segment has a meaning', () => {
  for (let players = MIN_PLAYERS; players <= MAX_PLAYERS; players++) {
    const layout = def.observationLayout(players);
    expect(layout.length).toBeGreaterThan(0);
    for (const segment of layout) expect(segment.meaning.trim(), segment.name).not.toBe('');
    expect(layout.reduce((sum, g) => sum + g.size, 0)).toBe(def.observationSize(players));
  }
});
