/**
 * The observation vector of a Perikles view (§9 "suggested observation"), as named segments.
 * Every per-seat segment is rotated so the viewer is index 0 and the others follow clockwise (the
 * spectator is rotated like seat 0). Every value lies in [0, 1]: counts are divided by their
 * largest possible value (or clamped where the rules set no bound, like defeats and scores).
 */
import { SegmentWriter, defineLayout, type SegmentLayout } from '../core/segments.js';
import {
  CITY_COUNT,
  DISPLAY_SLOTS,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  MAX_TURNS,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_COUNT,
} from './components.js';
import { DECISIONS, PHASES } from './components.js';
import type { PeriklesView } from './view.js';

/**
 * v2 appended `seat`. Models saved for v1 are refused; `agora widen-model` (training/widen-input.ts)
 * turns one into a v2 model that computes exactly what it computed before (zero weights on the new
 * inputs).
 */
export const ENCODING_VERSION = 2;

const LOC_STATE_NAMES = ['deck', 'display', 'removed', 'claimed'] as const;
const TILE_STATE_NAMES = ['deck', 'display', 'discarded'] as const;

/** The segment table for a seat count (sizes in the comments are for N seats). */
export function layoutFor(n: number): SegmentLayout {
  return defineLayout([
    { name: 'phase', size: PHASES.length }, // one-hot
    { name: 'decision', size: DECISIONS.length }, // one-hot
    { name: 'toAct', size: n }, // one-hot by offset; none once over
    { name: 'turn', size: MAX_TURNS }, // one-hot
    { name: 'startPlayer', size: n },
    { name: 'cubes', size: n * CITY_COUNT }, // regular cubes / 30
    { name: 'supply', size: n }, // / 30
    { name: 'candidates', size: CITY_COUNT * 2 * n }, // [city][α, β] one-hot seat offset
    { name: 'leaders', size: CITY_COUNT * n },
    { name: 'persianLeaders', size: n },
    { name: 'statues', size: n * CITY_COUNT }, // / 3 (one per turn at most)
    { name: 'defeats', size: CITY_COUNT }, // min(d, 8) / 8
    { name: 'scores', size: n }, // min(score, 150) / 150
    { name: 'tileVp', size: n }, // min(vp, 60) / 60
    { name: 'locationState', size: LOCATION_COUNT * LOC_STATE_NAMES.length }, // one-hot per Location id
    { name: 'claimedBy', size: LOCATION_COUNT * n },
    { name: 'slots', size: LOCATION_SLOTS * LOCATION_COUNT }, // Location id per slot, one-hot
    { name: 'mainAttacker', size: LOCATION_SLOTS * n },
    { name: 'mainDefender', size: LOCATION_SLOTS * n },
    { name: 'committedCount', size: LOCATION_SLOTS * 2 * POWER_COUNT * 2 }, // [slot][side][power][type] count / 8
    { name: 'committedStrength', size: LOCATION_SLOTS * 2 * POWER_COUNT * 2 }, // visible strength sum / 24
    { name: 'allyCount', size: LOCATION_SLOTS * 2 }, // counters in the ally slot / 8
    { name: 'revealed', size: LOCATION_SLOTS },
    { name: 'granted', size: LOCATION_SLOTS * POWER_COUNT },
    { name: 'denied', size: LOCATION_SLOTS * POWER_COUNT },
    { name: 'relations', size: POWER_COUNT * POWER_COUNT * 2 }, // [u][v][allied, war]
    { name: 'stack', size: KIND_COUNT }, // count / total of the kind
    { name: 'dead', size: KIND_COUNT },
    { name: 'poolCounts', size: POWER_COUNT * 2 }, // / 14
    { name: 'pool', size: KIND_COUNT }, // my pools' strengths / total of the kind
    { name: 'unseen', size: KIND_COUNT }, // others: pool ∪ face-down strengths / total
    { name: 'controlled', size: POWER_COUNT },
    { name: 'tileState', size: TILE_COUNT * TILE_STATE_NAMES.length },
    { name: 'tileHeld', size: TILE_COUNT * n }, // held by seat offset
    { name: 'heldCounts', size: n * 2 }, // [seat][1-shard, 2-shard] / 5
    { name: 'decks', size: 2 }, // influence deck / 36, Location deck / 21
    { name: 'displaySlots', size: DISPLAY_SLOTS }, // 1 = slot holds a tile
    { name: 'currentTile', size: TILE_COUNT },
    { name: 'ownSpecial', size: SPECIAL_COUNT },
    { name: 'specialUsed', size: n },
    { name: 'usedTile', size: n * SPECIAL_COUNT },
    { name: 'possible', size: n * SPECIAL_COUNT },
    { name: 'alkibiades', size: CITY_COUNT * n }, // source city x owner offset
    { name: 'commitSeat', size: n },
    { name: 'commitStage', size: 2 }, // 1-shard, 2-shard
    { name: 'commitBasic', size: 3 },
    { name: 'extraCity', size: CITY_COUNT },
    { name: 'commitExtra', size: 3 },
    { name: 'selected', size: POWER_COUNT * 2 },
    { name: 'selectedStrength', size: 4 }, // only if this seat controls it
    { name: 'request', size: LOCATION_SLOTS },
    { name: 'firstCommit', size: n },
    { name: 'battleSlot', size: LOCATION_SLOTS },
    { name: 'battleRound', size: 2 },
    { name: 'roundType', size: 2 },
    { name: 'tokens', size: 2 * 3 }, // [attackers, defenders] one-hot 0..2
    { name: 'carry', size: 2 },
    { name: 'doubled', size: 2 }, // Brasidas, Phormio
    { name: 'strengths', size: 2 }, // min(s, 40) / 40
    { name: 'steps', size: 1 }, // / stepCap
    { name: 'winners', size: n },
    { name: 'over', size: 2 }, // isOver, truncated
    // The viewer's absolute seat, one-hot (none for the spectator). Everything above is rotated to the
    // viewer, but NOMINATE, ASSASSINATE, ALKIBIADES and CHOOSE name absolute seats (§9): without this
    // a policy cannot tell which of those actions names itself. Last, so v1 models widen by appending.
    { name: 'seat', size: n },
  ]);
}

const LAYOUTS = new Map<number, SegmentLayout>();
export function layout(n: number): SegmentLayout {
  let l = LAYOUTS.get(n);
  if (l === undefined) {
    l = layoutFor(n);
    LAYOUTS.set(n, l);
  }
  return l;
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const byTotal = (count: number, kind: number): number =>
  KIND_TOTALS[kind] > 0 ? clamp01(count / KIND_TOTALS[kind]) : 0;

export function encodePerikles(view: PeriklesView): Float32Array {
  const n = view.players;
  const w = new SegmentWriter(layout(n));
  const me = Math.max(view.seat, 0);
  const off = (seat: number) => (seat - me + n) % n;

  w.oneHot('phase', PHASES.indexOf(view.phase));
  w.oneHot('decision', DECISIONS.indexOf(view.decision));
  if (view.toAct >= 0) w.oneHot('toAct', off(view.toAct));
  w.oneHot('turn', view.turn - 1);
  w.oneHot('startPlayer', off(view.startPlayer));
  for (let s = 0; s < n; s++) {
    const o = off(s);
    for (let c = 0; c < CITY_COUNT; c++) {
      if (view.cubes[s][c] > 0) w.set('cubes', o * CITY_COUNT + c, clamp01(view.cubes[s][c] / 30));
      if (view.statues[s][c] > 0) w.set('statues', o * CITY_COUNT + c, clamp01(view.statues[s][c] / MAX_TURNS));
    }
    w.set('supply', o, clamp01(view.supply[s] / 30));
    w.set('scores', o, clamp01(view.scores[s] / 150));
    w.set('tileVp', o, clamp01(view.tileVp[s] / 60));
    for (const loc of view.claimed[s]) w.set('claimedBy', loc * n + o, 1);
    for (const tile of view.held[s]) w.set('tileHeld', tile * n + o, 1);
    for (const tile of view.held[s]) w.add('heldCounts', o * 2 + (tile < 14 ? 1 : 0), 0.2);
    const sp = view.specials[s];
    if (sp.used) {
      w.set('specialUsed', o, 1);
      w.set('usedTile', o * SPECIAL_COUNT + sp.tile, 1);
    }
    for (const k of sp.possible) w.set('possible', o * SPECIAL_COUNT + k, 1);
  }
  for (const s of view.persianLeaders) w.set('persianLeaders', off(s), 1);
  for (let c = 0; c < CITY_COUNT; c++) {
    for (let space = 0; space < 2; space++) {
      const seat = view.candidates[c][space];
      if (seat >= 0) w.set('candidates', (c * 2 + space) * n + off(seat), 1);
    }
    if (view.leaders[c] >= 0) w.set('leaders', c * n + off(view.leaders[c]), 1);
    w.set('defeats', c, clamp01(view.defeats[c] / 8));
  }
  const counts = new Array<number>(LOCATION_SLOTS * 2 * POWER_COUNT * 2).fill(0);
  const strengths = new Array<number>(counts.length).fill(0);
  const allies = new Array<number>(LOCATION_SLOTS * 2).fill(0);
  const onDisplay = new Set<number>();
  view.locations.forEach((slot) => {
    if (slot === null) return;
    const l = slot.slot;
    onDisplay.add(slot.location);
    w.set('slots', l * LOCATION_COUNT + slot.location, 1);
    if (slot.mainAttacker >= 0) w.set('mainAttacker', l * n + off(slot.mainAttacker), 1);
    if (slot.mainDefender >= 0) w.set('mainDefender', l * n + off(slot.mainDefender), 1);
    for (const [power, type, strength, side, ally] of slot.counters) {
      const i = ((l * 2 + side) * POWER_COUNT + power) * 2 + type;
      counts[i]++;
      strengths[i] += strength;
      if (ally) allies[l * 2 + side]++;
    }
    if (slot.revealed) w.set('revealed', l, 1);
    for (const u of slot.granted) w.set('granted', l * POWER_COUNT + u, 1);
    for (const u of slot.denied) w.set('denied', l * POWER_COUNT + u, 1);
  });
  counts.forEach((v, i) => {
    if (v === 0) return;
    w.set('committedCount', i, clamp01(v / 8));
    if (strengths[i] > 0) w.set('committedStrength', i, clamp01(strengths[i] / 24));
  });
  allies.forEach((v, i) => {
    if (v > 0) w.set('allyCount', i, clamp01(v / 8));
  });
  const locState = new Array<number>(LOCATION_COUNT).fill(0);
  for (const loc of onDisplay) locState[loc] = 1;
  for (const loc of view.removed) locState[loc] = 2;
  for (const ids of view.claimed) for (const loc of ids) locState[loc] = 3;
  locState.forEach((state, loc) => w.set('locationState', loc * 4 + state, 1));
  for (let u = 0; u < POWER_COUNT; u++) {
    for (let v = 0; v < POWER_COUNT; v++) {
      const r = view.relations[u][v];
      if (r > 0) w.set('relations', (u * POWER_COUNT + v) * 2 + r - 1, 1);
    }
  }
  for (let k = 0; k < KIND_COUNT; k++) {
    if (view.stack[k] > 0) w.set('stack', k, byTotal(view.stack[k], k));
    if (view.dead[k] > 0) w.set('dead', k, byTotal(view.dead[k], k));
    if (view.pool[k] > 0) w.set('pool', k, byTotal(view.pool[k], k));
    if (view.unseen[k] > 0) w.set('unseen', k, byTotal(view.unseen[k], k));
  }
  view.poolCounts.forEach((count, i) => {
    if (count > 0) w.set('poolCounts', i, clamp01(count / 14));
  });
  for (const u of view.controlled) w.set('controlled', u, 1);
  // Tiles neither held, displayed nor discarded are in the deck.
  const tileState = new Array<number>(TILE_COUNT).fill(0);
  for (const tile of view.display) if (tile >= 0) tileState[tile] = 1;
  for (const tile of view.discarded) tileState[tile] = 2;
  for (const ids of view.held) for (const tile of ids) tileState[tile] = -1;
  tileState.forEach((state, tile) => {
    if (state >= 0) w.set('tileState', tile * 3 + state, 1);
  });
  w.set('decks', 0, clamp01(view.influenceDeck / TILE_COUNT));
  w.set('decks', 1, clamp01(view.locationDeck / LOCATION_COUNT));
  view.display.forEach((tile, slot) => {
    if (tile >= 0) w.set('displaySlots', slot, 1);
  });
  if (view.currentTile >= 0) w.set('currentTile', view.currentTile, 1);
  if (view.seat >= 0) w.oneHot('ownSpecial', view.specials[view.seat].tile);
  if (view.alkibiadesSource !== null)
    w.set('alkibiades', view.alkibiadesSource[0] * n + off(view.alkibiadesSource[1]), 1);
  if (view.commit !== null) {
    const c = view.commit;
    w.set('commitSeat', off(c.seat), 1);
    w.oneHot('commitStage', c.stage - 1);
    w.oneHot('commitBasic', c.basic);
    w.oneHot('extraCity', c.extraCity);
    w.oneHot('commitExtra', c.extra);
    if (c.selected !== null) {
      w.set('selected', c.selected.power * 2 + c.selected.type, 1);
      if (c.selected.strength > 0) w.set('selectedStrength', c.selected.strength - 1, 1);
    }
    if (c.request !== null) w.set('request', c.request.slot, 1);
  }
  if (view.firstCommit >= 0) w.set('firstCommit', off(view.firstCommit), 1);
  if (view.battle !== null) {
    const b = view.battle;
    w.set('battleSlot', b.slot, 1);
    w.set('battleRound', b.round, 1);
    w.set('roundType', b.roundType, 1);
    w.set('tokens', b.tokens[0], 1);
    w.set('tokens', 3 + b.tokens[1], 1);
    w.oneHot('carry', b.carry);
    if (b.brasidas) w.set('doubled', 0, 1);
    if (b.phormio) w.set('doubled', 1, 1);
    w.set('strengths', 0, clamp01(b.strengths[0] / 40));
    w.set('strengths', 1, clamp01(b.strengths[1] / 40));
  }
  w.set('steps', 0, clamp01(view.steps / view.stepCap));
  view.ranking.forEach((place, s) => {
    if (place === 0) w.set('winners', off(s), 1);
  });
  if (view.isOver) w.set('over', 0, 1);
  if (view.truncated) w.set('over', 1, 1);
  if (view.seat >= 0) w.set('seat', view.seat, 1);
  return w.finish();
}
