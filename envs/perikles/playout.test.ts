import { describe, expect, test } from 'vitest';
import { checkGame } from '../core/checker.js';
import { Rng } from '../core/rng.js';
import {
  CITY_COUNT,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_COUNT,
  kindPower,
  statueValue,
} from './components.js';
import { perikles } from './index.js';
import { type PeriklesState, readable, table } from './test-helpers.js';
import { STEP_CAP } from './components.js';
import { LOC_CLAIMED, LOC_DISPLAY, PH_OVER, TILE_DECK, TILE_DISPLAY } from './components.js';
import { type PeriklesPosition } from './position.js';

/**
 * Every invariant of a position, recomputed from scratch: nothing created or lost, no count
 * negative (a Uint8 underflow shows as a huge count), the running Location VP equal to the claims,
 * and the scores equal to their definition (§7). Returns the first violation, or ''.
 */
function violation(s: PeriklesState): string {
  const t = table(s) as PeriklesPosition;
  const n = t.players;
  // Counters (§2.2): stack + dead + pool + committed = the table, per kind.
  const committed = new Array<number>(KIND_COUNT).fill(0);
  for (let i = 0; i < t.comLen; i++) committed[t.comKind[i]]++;
  for (let k = 0; k < KIND_COUNT; k++) {
    const total = t.stack[k] + t.dead[k] + t.pool[k] + committed[k];
    if (total !== KIND_TOTALS[k]) return `kind ${k}: ${total} counters, expected ${KIND_TOTALS[k]}`;
  }
  for (let k = 48; k < 56; k++) if (t.dead[k] !== 0) return 'a Persian counter is dead';
  // Pools and commitments belong to powers with a controller.
  for (let k = 0; k < KIND_COUNT; k++) {
    if (t.pool[k] + committed[k] === 0) continue;
    const p = kindPower(k);
    if (!t.ctrl.some((mask) => (mask >> p) & 1)) return `power ${p} has counters out but no controller`;
  }
  // Per-side bookkeeping matches the committed list.
  const counts = new Array<number>(LOCATION_SLOTS * 2 * POWER_COUNT).fill(0);
  for (let i = 0; i < t.comLen; i++) counts[(t.comPlace[i] >> 1) * POWER_COUNT + kindPower(t.comKind[i])]++;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] !== t.sideCount[i]) return `sideCount[${i}] is ${t.sideCount[i]}, counted ${counts[i]}`;
    const mask = (t.sideMask[Math.floor(i / POWER_COUNT)] >> (i % POWER_COUNT)) & 1;
    if (mask !== (counts[i] > 0 ? 1 : 0)) return `sideMask disagrees at ${i}`;
  }
  // Influence tiles: 36, each in one place; held counts agree.
  const held = new Array<number>(n * 2).fill(0);
  let deck = 0;
  for (let id = 0; id < TILE_COUNT; id++) {
    const at = t.tileAt[id];
    if (at < n) held[at * 2 + INFLUENCE_TILES[id].shards - 1]++;
    else if (at === TILE_DECK) deck++;
    else if (at === TILE_DISPLAY && !t.display.includes(id)) return `tile ${id} is marked displayed but is not`;
  }
  if (deck !== TILE_COUNT - t.infPos)
    return `influence deck holds ${TILE_COUNT - t.infPos}, ${deck} tiles are marked so`;
  for (let i = 0; i < held.length; i++)
    if (held[i] !== t.held[i]) return `held[${i}] is ${t.held[i]}, counted ${held[i]}`;
  // Locations: 21, display slots marked displayed, running VP equals the claims.
  const vp = new Array<number>(n).fill(0);
  for (let id = 0; id < LOCATION_COUNT; id++) {
    if (t.locAt[id] === LOC_CLAIMED) {
      if (t.locClaim[id] === 0) return `Location ${id} is claimed by nobody`;
      for (let p = 0; p < n; p++) if (t.locClaim[id] & (1 << p)) vp[p] += LOCATIONS[id].vp;
    }
    if (t.locAt[id] === LOC_DISPLAY && !t.locSlot.includes(id)) return `Location ${id} is marked displayed but is not`;
  }
  for (let p = 0; p < n; p++)
    if (vp[p] !== t.tileVp[p]) return `seat ${p} has ${t.tileVp[p]} Location VP, claims give ${vp[p]}`;
  // Cubes: never negative, never beyond the 30 of a supply.
  for (let p = 0; p < n; p++) {
    let onBoard = 0;
    for (let c = 0; c < CITY_COUNT; c++)
      onBoard += t.cubes[p * CITY_COUNT + c] + (t.cand[c * 2] === p ? 1 : 0) + (t.cand[c * 2 + 1] === p ? 1 : 0);
    if (onBoard > 30) return `seat ${p} has ${onBoard} cubes on the board`;
  }
  for (let c = 0; c < CITY_COUNT; c++)
    if (t.cand[c * 2] < 0 && t.cand[c * 2 + 1] >= 0) return `β without α in city ${c}`;
  // Relationships: symmetric, self-allied, never allied and at war.
  for (let u = 0; u < POWER_COUNT; u++) {
    if (!((t.allied[u] >> u) & 1) || (t.war[u] >> u) & 1) return `power ${u} is not allied with itself`;
    if (t.allied[u] & t.war[u]) return `power ${u} is allied and at war with the same power`;
    for (let v = 0; v < POWER_COUNT; v++) {
      if (((t.allied[u] >> v) & 1) !== ((t.allied[v] >> u) & 1) || ((t.war[u] >> v) & 1) !== ((t.war[v] >> u) & 1))
        return 'asymmetric relation';
    }
  }
  // Specials: distinct, and an unused one lies in its public possible set.
  if (new Set(t.special).size !== n) return 'a Special tile is dealt twice';
  for (let p = 0; p < n; p++) {
    if (t.special[p] >= SPECIAL_COUNT) return 'bad Special tile';
    if (!((t.specialUsed >> p) & 1) && !((t.possible[p] >> t.special[p]) & 1))
      return `seat ${p}'s tile left its possible set`;
  }
  // Scores from scratch (§7).
  const scores = s.scores();
  for (let p = 0; p < n; p++) {
    let statues = 0;
    let cubes = 0;
    for (let c = 0; c < CITY_COUNT; c++) {
      statues += t.statues[p * CITY_COUNT + c] * statueValue(c, t.defeats[c]);
      cubes += t.cubes[p * CITY_COUNT + c] + (t.cand[c * 2] === p ? 1 : 0) + (t.cand[c * 2 + 1] === p ? 1 : 0);
    }
    if (scores[p] !== vp[p] + statues + cubes)
      return `seat ${p} scores ${scores[p]}, recomputed ${vp[p] + statues + cubes}`;
  }
  if (t.steps > STEP_CAP) return 'past the step cap';
  if ((t.phase === PH_OVER) !== s.isTerminal()) return 'phase and isTerminal disagree';
  return '';
}

describe('random playouts', () => {
  test.each([3, 4, 5])('%i players: 100 seeded random games keep every invariant after every step', (players) => {
    const rng = Rng.fromSeed(`playout${players}`);
    let decisions = 0;
    const ends = [0, 0, 0, 0];
    for (let g = 0; g < 100; g++) {
      const s = perikles.newGame({ players, seed: `playout${players}:${g}` });
      expect(violation(s)).toBe('');
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        decisions++;
        const bad = violation(s);
        if (bad !== '') throw new Error(`game ${g}, step ${table(s).steps}: ${bad}`);
      }
      ends[(readable(s).log.findLast((e) => e[0] === 'gameEnd')?.[1] as number) ?? 3]++;
    }
    // Random play ends naturally: after turn 3 or by Athens/Sparta defeats, never at the cap.
    expect(ends[3]).toBe(0);
    expect(ends[0]).toBeGreaterThan(50);
    expect(decisions / 100).toBeLessThan(1000);
  });

  test.each([3, 4, 5])('%i players: the core conformance checker passes over 30 seeded games', (players) => {
    const report = checkGame(perikles, { players, games: 30, seed: `perikles-conformance-${players}` });
    expect(report.steps).toBeGreaterThan(30 * 200);
    expect(report.resampledStates).toBeGreaterThan(0);
  });
});
