/**
 * The observation written straight from the position: encodeCityPlan(view(p, seat)) value for value,
 * without building the view (a learner pays for an observation at every step). Every value is the
 * same expression as in encode.ts, so the float32 roundings agree; per-kind counts are added one
 * copy at a time as the SegmentWriter adds them.
 */
import {
  CITY_KINDS,
  COUNCILOR_CHIPS,
  DECK_KINDS,
  DECK_SIZE,
  END_BUILDINGS,
  FLAGS,
  FREE_BUILDS,
  INCOME_CARDS,
  MAX_POWER,
  MAX_TURNS,
  PH_ACTION,
  PH_OVER,
  VARIANTS,
} from './components.js';
import {
  HAND_SCALE,
  LAYOUTS,
  MAX_COPIES,
  MAX_COST,
  MAX_POWER_COST,
  SCORE_OFFSET,
  SCORE_SCALE,
  STATS,
  STAT_FLAGS,
} from './encode.js';
import { pileCount, type CityPlanPosition } from './position.js';
import type { SegmentLayout } from '../core/segments.js';
import { mostChips, ranking, seatScore } from './scoring.js';
import { powerCost, toAct } from './transitions.js';

/** Segment offsets of one seat count's layout, one object shape for every count. */
interface Offsets {
  readonly phase: number;
  readonly toAct: number;
  readonly mayor: number;
  readonly turn: number;
  readonly hand: number;
  readonly handSizes: number;
  readonly cities: number;
  readonly cityStats: number;
  readonly power: number;
  readonly councilors: number;
  readonly freeBuilds: number;
  readonly scores: number;
  readonly incomeUsed: number;
  readonly council: number;
  readonly piles: number;
  readonly discardsBySeat: number;
  readonly committed: number;
  readonly ownAction: number;
  readonly revealed: number;
  readonly pendingSeat: number;
  readonly pendingKind: number;
  readonly pendingCost: number;
  readonly setAside: number;
  readonly ownSetAside: number;
  readonly ownDiscards: number;
  readonly publicDiscards: number;
  readonly outcome: number;
}

/**
 * A layout's offsets as one object literal: its fields stay fast properties of one hidden class
 * (an object filled by computed names past a dozen fields drops into slow dictionary mode).
 */
function offsetsOf(layout: SegmentLayout): Offsets {
  const o = layout.offsets;
  const at: Offsets = {
    phase: o.phase,
    toAct: o.toAct,
    mayor: o.mayor,
    turn: o.turn,
    hand: o.hand,
    handSizes: o.handSizes,
    cities: o.cities,
    cityStats: o.cityStats,
    power: o.power,
    councilors: o.councilors,
    freeBuilds: o.freeBuilds,
    scores: o.scores,
    incomeUsed: o.incomeUsed,
    council: o.council,
    piles: o.piles,
    discardsBySeat: o.discardsBySeat,
    committed: o.committed,
    ownAction: o.ownAction,
    revealed: o.revealed,
    pendingSeat: o.pendingSeat,
    pendingKind: o.pendingKind,
    pendingCost: o.pendingCost,
    setAside: o.setAside,
    ownSetAside: o.ownSetAside,
    ownDiscards: o.ownDiscards,
    publicDiscards: o.publicDiscards,
    outcome: o.outcome,
  };
  const names = layout.segments.map((s) => s.name).join();
  if (Object.keys(at).join() !== names) throw new Error(`cityplan: encode-into.ts does not know the segments ${names}`);
  return at;
}

/** Offsets by seat count, built once. */
const AT: readonly Offsets[] = LAYOUTS.map(offsetsOf);

const unit = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x);

/** Per-seat city statistics being counted (STAT_FLAGS, then buildings); reused by every call. */
const stats: number[] = new Array<number>(STATS).fill(0);

/** Adds `count` copies of 1 / MAX_COPIES at out[at], one by one, as the SegmentWriter does. */
function addCopies(out: Float32Array, at: number, count: number): void {
  for (let i = 0; i < count; i++) out[at] += 1 / MAX_COPIES;
}

/** Per-kind counts counts[from + k], k < DECK_KINDS, as copies / MAX_COPIES at out[at + k]. */
function addKinds(out: Float32Array, at: number, counts: readonly number[], from: number): void {
  for (let k = 0; k < DECK_KINDS; k++) {
    const count = counts[from + k];
    if (count > 0) addCopies(out, at + k, count);
  }
}

/** encodeCityPlan(view(p, seat)) into out[offset ..], which the kit has zeroed. */
export function encodeCityPlanInto(p: CityPlanPosition, seat: number, out: Float32Array, offset: number): void {
  const n = p.players;
  const at = AT[n];
  // The spectator (-1) sees the seats in the order of seat 0, without seat 0's hidden cards.
  const me = seat < 0 ? 0 : seat;
  const actor = toAct(p);
  const over = p.phase === PH_OVER;
  const revealed = p.phase !== PH_ACTION && p.commitCount === n;
  const deckScale = DECK_SIZE[VARIANTS[p.variant]];
  const most = mostChips(p);
  // Only at the end (once per game): the kit's ranking, as the view's winners use it.
  const places = over ? ranking(p) : null;

  out[offset + at.phase + p.phase] = 1;
  if (actor >= 0) out[offset + at.toAct + ((actor - me + n) % n)] = 1;
  out[offset + at.mayor + ((p.mayor - me + n) % n)] = 1;
  out[offset + at.turn] = p.turn / MAX_TURNS;
  if (seat >= 0) addKinds(out, offset + at.hand, p.hands, seat * DECK_KINDS);

  for (let s = 0; s < n; s++) {
    const o = (s - me + n) % n;
    out[offset + at.handSizes + o] = unit(p.handSize[s] / HAND_SCALE);
    const cities = offset + at.cities + o * CITY_KINDS;
    stats.fill(0);
    for (let k = 0; k < CITY_KINDS; k++) {
      const count = p.cities[s * CITY_KINDS + k];
      if (count === 0) continue;
      addCopies(out, cities + k, count);
      for (let i = 0; i < STAT_FLAGS.length; i++) if (FLAGS[k] & STAT_FLAGS[i]) stats[i] += count;
      stats[STATS - 1] += count;
    }
    for (let i = 0; i < STATS; i++) {
      if (stats[i] > 0) out[offset + at.cityStats + o * STATS + i] = unit(stats[i] / END_BUILDINGS);
    }
    out[offset + at.power + o] = unit(p.power[s] / MAX_POWER);
    if (p.councilors[s] > 0) out[offset + at.councilors + o] = p.councilors[s] / COUNCILOR_CHIPS;
    if (p.freeBuilds[s] > 0) out[offset + at.freeBuilds + o] = p.freeBuilds[s] / FREE_BUILDS;
    out[offset + at.scores + o] = unit((seatScore(p, s, most) + SCORE_OFFSET) / SCORE_SCALE);
    const discarded = pileCount(p, s);
    if (discarded > 0) out[offset + at.discardsBySeat + o] = unit(discarded / deckScale);
    if (p.commits[s] >= 0) out[offset + at.committed + o] = 1;
    if (revealed) {
      // As the writer's oneHot: a negative index writes nothing. (A finished game loaded without
      // action cards has every commit -1, so index 3 * o - 1 marks the previous seat's Council.)
      const card = o * 3 + p.commits[s];
      if (card >= 0) out[offset + at.revealed + card] = 1;
    }
    if (places !== null && places[s] === 0) out[offset + at.outcome + o] = 1;
  }

  for (let i = 0; i < INCOME_CARDS.length; i++) {
    if ((p.incomeUsed & (1 << INCOME_CARDS[i].id)) !== 0) out[offset + at.incomeUsed + i] = 1;
  }
  if (p.incomeUsed !== 0) out[offset + at.council] = 1;
  out[offset + at.council + 1] = p.assembly / COUNCILOR_CHIPS;
  out[offset + at.piles] = unit(p.deck.length / deckScale);
  out[offset + at.piles + 1] = unit(p.pileSize / deckScale);
  if (seat >= 0 && p.commits[seat] >= 0) out[offset + at.ownAction + p.commits[seat]] = 1;
  const kind = p.pendingKind;
  if (kind >= 0) {
    out[offset + at.pendingSeat + ((actor - me + n) % n)] = 1;
    out[offset + at.pendingKind + kind] = 1;
    out[offset + at.pendingCost] = p.pendingCost / MAX_COST;
    out[offset + at.pendingCost + 1] = p.pendingDue / MAX_COST;
    out[offset + at.pendingCost + 2] = powerCost(p, actor, kind) / MAX_POWER_COST;
    if (p.pendingSacrificed) out[offset + at.pendingCost + 3] = 1;
  }
  out[offset + at.setAside] = unit(p.setAside.length / HAND_SCALE);
  // The view shows the set-aside cards to the seat being asked (actor -1 only once over, with none).
  if (actor === seat)
    for (let i = 0; i < p.setAside.length; i++) addCopies(out, offset + at.ownSetAside + p.setAside[i], 1);
  if (seat >= 0) addKinds(out, offset + at.ownDiscards, p.discards, seat * DECK_KINDS);
  addKinds(out, offset + at.publicDiscards, p.discards, n * DECK_KINDS);
  if (p.truncated) out[offset + at.outcome + n] = 1;
}
