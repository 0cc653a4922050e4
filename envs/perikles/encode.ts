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

/**
 * The segment table for a seat count. "By seat offset": per-seat entries are rotated so the viewer
 * comes first and the others follow clockwise (the spectator is rotated like seat 0).
 */
export function layoutFor(n: number): SegmentLayout {
  return defineLayout([
    {
      name: 'phase',
      size: PHASES.length,
      meaning: 'one-hot: setup, influence, nominations, deadPool, firstCommit, commit, battle, over',
    },
    {
      name: 'decision',
      size: DECISIONS.length,
      meaning: 'the decision asked, one-hot in §9 order D1–D16 (D7 as three steps), then none',
    },
    {
      name: 'toAct',
      size: n,
      meaning: 'seat to act, one-hot by seat offset (viewer first, clockwise; spectator: seat 0 first); none once over',
    },
    { name: 'turn', size: MAX_TURNS, meaning: 'game turn 1–3, one-hot' },
    { name: 'startPlayer', size: n, meaning: 'the start player, one-hot by seat offset' },
    { name: 'cubes', size: n * CITY_COUNT, meaning: 'regular cubes [seat offset][city] / 30' },
    { name: 'supply', size: n, meaning: 'cubes left in supply, by seat offset, / 30' },
    {
      name: 'candidates',
      size: CITY_COUNT * 2 * n,
      meaning: 'candidate spaces [city][α, β][seat offset]: 1 for the seat standing there',
    },
    { name: 'leaders', size: CITY_COUNT * n, meaning: 'Leaders [city][seat offset]: 1 for the city’s Leader' },
    { name: 'persianLeaders', size: n, meaning: 'seats leading Persia (they lead no city), by seat offset: 1' },
    { name: 'statues', size: n * CITY_COUNT, meaning: 'statues [seat offset][city] / 3 (one per turn at most)' },
    { name: 'defeats', size: CITY_COUNT, meaning: 'defeats per city, min(d, 8) / 8' },
    { name: 'scores', size: n, meaning: 'current score (§7) by seat offset, min(score, 150) / 150' },
    { name: 'tileVp', size: n, meaning: 'VP of claimed Locations by seat offset, min(vp, 60) / 60' },
    {
      name: 'locationState',
      size: LOCATION_COUNT * LOC_STATE_NAMES.length,
      meaning: 'per Location id, one-hot: deck, display, removed, claimed',
    },
    { name: 'claimedBy', size: LOCATION_COUNT * n, meaning: '[Location id][seat offset]: 1 if that seat claimed it' },
    {
      name: 'slots',
      size: LOCATION_SLOTS * LOCATION_COUNT,
      meaning: '[Location slot 0–6][Location id]: 1 for the Location displayed there',
    },
    { name: 'mainAttacker', size: LOCATION_SLOTS * n, meaning: '[slot][seat offset]: 1 for the slot’s main attacker' },
    { name: 'mainDefender', size: LOCATION_SLOTS * n, meaning: '[slot][seat offset]: 1 for the slot’s main defender' },
    {
      name: 'committedCount',
      size: LOCATION_SLOTS * 2 * POWER_COUNT * 2,
      meaning: 'committed counters [slot][attack, defend][power][hoplite, trireme], min(count, 8) / 8',
    },
    {
      name: 'committedStrength',
      size: LOCATION_SLOTS * 2 * POWER_COUNT * 2,
      meaning: 'same cells: sum of the strengths the viewer sees (face up or its powers), min(sum, 24) / 24',
    },
    {
      name: 'allyCount',
      size: LOCATION_SLOTS * 2,
      meaning: '[slot][attack, defend]: counters in the side’s ally slot, min(count, 8) / 8',
    },
    { name: 'revealed', size: LOCATION_SLOTS, meaning: 'slots whose battle has begun (all counters face up): 1' },
    {
      name: 'granted',
      size: LOCATION_SLOTS * POWER_COUNT,
      meaning: '[slot][power]: 1 if granted permission to defend there this turn',
    },
    {
      name: 'denied',
      size: LOCATION_SLOTS * POWER_COUNT,
      meaning: '[slot][power]: 1 if denied permission in the current commit turn',
    },
    {
      name: 'relations',
      size: POWER_COUNT * POWER_COUNT * 2,
      meaning: '[power][power][allied, at war]: 1 (every power is allied with itself)',
    },
    {
      name: 'stack',
      size: KIND_COUNT,
      meaning: 'counters in the stacks by kind (power·8 + type·4 + strength − 1) / that kind’s total (0 if none exist)',
    },
    { name: 'dead', size: KIND_COUNT, meaning: 'dead-pool counters by kind / that kind’s total' },
    {
      name: 'poolCounts',
      size: POWER_COUNT * 2,
      meaning: 'uncommitted pool counters [power][hoplite, trireme], min(count, 14) / 14',
    },
    {
      name: 'pool',
      size: KIND_COUNT,
      meaning: 'pool counters of the powers the viewer controls, by kind / kind total',
    },
    {
      name: 'unseen',
      size: KIND_COUNT,
      meaning: 'other powers’ counters in a pool or face down to the viewer, by kind / kind total',
    },
    { name: 'controlled', size: POWER_COUNT, meaning: 'powers the viewer controls this turn: 1' },
    {
      name: 'tileState',
      size: TILE_COUNT * TILE_STATE_NAMES.length,
      meaning: 'per Influence tile id, one-hot: deck, display, discarded (all 0 while held)',
    },
    { name: 'tileHeld', size: TILE_COUNT * n, meaning: '[tile id][seat offset]: 1 if that seat holds it' },
    {
      name: 'heldCounts',
      size: n * 2,
      meaning: 'tiles held [seat offset][1-shard, 2-shard], 0.2 per tile (summed in float32)',
    },
    { name: 'decks', size: 2, meaning: 'tiles left: Influence deck / 36, Location deck / 21' },
    { name: 'displaySlots', size: DISPLAY_SLOTS, meaning: 'Influence display slots 0–9 holding a tile: 1' },
    { name: 'currentTile', size: TILE_COUNT, meaning: 'the Influence tile being resolved, one-hot by id' },
    {
      name: 'ownSpecial',
      size: SPECIAL_COUNT,
      meaning: 'the viewer’s own Special tile, one-hot; none for the spectator',
    },
    { name: 'specialUsed', size: n, meaning: 'seats that used their Special tile, by seat offset: 1' },
    { name: 'usedTile', size: n * SPECIAL_COUNT, meaning: '[seat offset][Special]: 1 for the tile a seat used' },
    {
      name: 'possible',
      size: n * SPECIAL_COUNT,
      meaning: '[seat offset][Special]: 1 for each tile an unused Special may still be (public)',
    },
    {
      name: 'alkibiades',
      size: CITY_COUNT * n,
      meaning: '[city][owner seat offset]: the Alkibiades cube awaiting a destination',
    },
    { name: 'commitSeat', size: n, meaning: 'in Phase F, the seat whose commit turn runs, by seat offset' },
    { name: 'commitStage', size: 2, meaning: 'commit stage one-hot: 1-shard, 2-shard' },
    { name: 'commitBasic', size: 3, meaning: 'basic counters committed in this commit turn, one-hot 0–2' },
    { name: 'extraCity', size: CITY_COUNT, meaning: 'the city X named for extra counters (§4.6.3 step 4), one-hot' },
    { name: 'commitExtra', size: 3, meaning: 'extra counters committed so far, one-hot 0–2' },
    {
      name: 'selected',
      size: POWER_COUNT * 2,
      meaning: 'the selected counter awaiting a target, [power][hoplite, trireme]: 1',
    },
    {
      name: 'selectedStrength',
      size: 4,
      meaning: 'its strength 1–4, one-hot, only if the viewer controls its power',
    },
    { name: 'request', size: LOCATION_SLOTS, meaning: 'the slot whose defence awaits permission, one-hot' },
    { name: 'firstCommit', size: n, meaning: 'the seat chosen to commit first, by seat offset' },
    { name: 'battleSlot', size: LOCATION_SLOTS, meaning: 'the slot being fought over, one-hot' },
    { name: 'battleRound', size: 2, meaning: 'battle round, one-hot: first, second' },
    { name: 'roundType', size: 2, meaning: 'the round’s unit type, one-hot: hoplite, trireme' },
    { name: 'tokens', size: 2 * 3, meaning: 'battle tokens held [attackers, defenders], one-hot 0–2' },
    { name: 'carry', size: 2, meaning: 'token carried into this round: attackers, defenders (none: both 0)' },
    { name: 'doubled', size: 2, meaning: '[Brasidas, Phormio] played this round: 1' },
    { name: 'strengths', size: 2, meaning: 'the round’s attack and defence strengths, min(s, 40) / 40' },
    { name: 'steps', size: 1, meaning: 'actions applied / 3,000 (the step cap)' },
    { name: 'winners', size: n, meaning: 'seats in first place once the game is over, by seat offset' },
    { name: 'over', size: 2, meaning: '[game over, truncated by the step cap]: 1' },
    // NOMINATE, ASSASSINATE, ALKIBIADES and CHOOSE name absolute seats (§9), so a policy needs the seat itself.
    // Last, so v1 models widen by appending.
    { name: 'seat', size: n, meaning: 'the viewer’s absolute seat, one-hot; none for the spectator' },
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

export const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
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
