import { SegmentWriter, defineLayout, type Segment, type SegmentLayout } from '../core/segments.js';
import {
  CITY_KINDS,
  COUNCILOR_CHIPS,
  DECK_KINDS,
  DECK_SIZE,
  END_BUILDINGS,
  FLAGS,
  FREE_BUILDS,
  F_C,
  F_ECO,
  F_I,
  F_PLANT,
  F_R,
  F_SPECIAL,
  INCOME_CARDS,
  KINDS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  MAX_POWER,
  PHASES,
} from './components.js';
import type { CityPlanView } from './view.js';

export const ENCODING_VERSION = 1;

/** Most copies of one kind (Thermal Power Plant: 4): per-kind counts are divided by it. */
const MAX_COPIES = Math.max(...KINDS.map((k) => k.copies), 1);
/** A hand never exceeds 23 cards (see maxGameLength); sizes are divided by 24 and clamped. */
const HAND_SCALE = 24;
/** City statistics per seat: R, C, I, eco, specials, plants, buildings (each / 10). */
const STAT_FLAGS = [F_R, F_C, F_I, F_ECO, F_SPECIAL, F_PLANT] as const;
const STATS = STAT_FLAGS.length + 1;
/** Scores of items 1-6 lie roughly in -10..130: (score + 20) / 150, clamped. */
const SCORE_OFFSET = 20;
const SCORE_SCALE = 150;
/** Printed card costs and powers are at most 4 and 6. */
const MAX_COST = Math.max(...KINDS.map((k) => k.cost));
const MAX_POWER_COST = Math.max(...KINDS.map((k) => k.power));

/**
 * Segments (rules §9 "suggested observation"). Every per-seat segment is rotated so the viewer is
 * seat index 0 and the others follow clockwise. Counts are divided by their bound, so every value
 * lies in [0, 1].
 */
export function layoutFor(players: number): SegmentLayout {
  return defineLayout([
    { name: 'phase', size: PHASES.length }, // one-hot
    { name: 'toAct', size: players }, // one-hot by offset; none once over
    { name: 'mayor', size: players }, // one-hot by offset
    { name: 'turn', size: 1 }, // turn / maxTurns
    { name: 'hand', size: DECK_KINDS }, // my cards per kind / 4
    { name: 'handSizes', size: players }, // / 24
    { name: 'cities', size: players * CITY_KINDS }, // buildings per kind / 4
    { name: 'cityStats', size: players * STATS }, // R, C, I, eco, specials, plants, buildings / 10
    { name: 'power', size: players }, // chips / most chips possible
    { name: 'councilors', size: players }, // / 15
    { name: 'freeBuilds', size: players }, // / 2
    { name: 'scores', size: players }, // items 1-6, (s + 20) / 150
    { name: 'incomeUsed', size: INCOME_CARDS.length },
    { name: 'council', size: 2 }, // open, chips on the assembly / 15
    { name: 'piles', size: 2 }, // deck size, discard size / deck size of the variant
    { name: 'discardsBySeat', size: players }, // / deck size
    { name: 'committed', size: players },
    { name: 'ownAction', size: 3 }, // one-hot
    { name: 'revealed', size: players * 3 }, // one-hot per seat once revealed
    { name: 'pendingSeat', size: players }, // one-hot by offset
    { name: 'pendingKind', size: DECK_KINDS }, // one-hot
    { name: 'pendingCost', size: 4 }, // cost / 4, due / 4, power / 6, sacrificed
    { name: 'setAside', size: 1 }, // count / 24
    { name: 'ownSetAside', size: DECK_KINDS }, // / 4
    { name: 'ownDiscards', size: DECK_KINDS }, // / 4
    { name: 'publicDiscards', size: DECK_KINDS }, // / 4
    { name: 'outcome', size: players + 1 }, // winners by offset, truncated
  ]);
}

const LAYOUTS: readonly SegmentLayout[] = Array.from({ length: MAX_PLAYERS + 1 }, (_, n) =>
  layoutFor(n < MIN_PLAYERS ? MIN_PLAYERS : n),
);

/** The segments of a seat count's layout (built once per seat count). */
export const observationSegments = (players: number): readonly Segment[] => LAYOUTS[players].segments;

const unit = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x);

export function encodeCityPlan(view: CityPlanView): Float32Array {
  const n = view.players;
  const w = new SegmentWriter(LAYOUTS[n]);
  const me = view.seat < 0 ? 0 : view.seat;
  const offset = (seat: number) => (seat - me + n) % n;
  const deckScale = DECK_SIZE[view.variant];
  w.oneHot('phase', PHASES.indexOf(view.phase));
  if (view.toAct >= 0) w.oneHot('toAct', offset(view.toAct));
  w.oneHot('mayor', offset(view.mayor));
  w.set('turn', 0, view.turn / view.maxTurns);
  for (const k of view.hand) w.add('hand', k, 1 / MAX_COPIES);
  for (let seat = 0; seat < n; seat++) {
    const o = offset(seat);
    w.set('handSizes', o, unit(view.handSizes[seat] / HAND_SCALE));
    const stats = [0, 0, 0, 0, 0, 0, view.cities[seat].length];
    for (const k of view.cities[seat]) {
      w.add('cities', o * CITY_KINDS + k, 1 / MAX_COPIES);
      for (let i = 0; i < STAT_FLAGS.length; i++) if (FLAGS[k] & STAT_FLAGS[i]) stats[i]++;
    }
    for (let i = 0; i < STATS; i++) if (stats[i] > 0) w.set('cityStats', o * STATS + i, unit(stats[i] / END_BUILDINGS));
    w.set('power', o, unit(view.power[seat] / MAX_POWER));
    if (view.councilors[seat] > 0) w.set('councilors', o, view.councilors[seat] / COUNCILOR_CHIPS);
    if (view.freeBuilds[seat] > 0) w.set('freeBuilds', o, view.freeBuilds[seat] / FREE_BUILDS);
    w.set('scores', o, unit((view.scores[seat] + SCORE_OFFSET) / SCORE_SCALE));
    if (view.discardsBySeat[seat] > 0) w.set('discardsBySeat', o, unit(view.discardsBySeat[seat] / deckScale));
    if (view.committed[seat]) w.set('committed', o, 1);
    if (view.revealed !== null) w.oneHot('revealed', o * 3 + view.revealed[seat]);
    if (view.winners.includes(seat)) w.set('outcome', o, 1);
  }
  view.incomeUsed.forEach((used, i) => {
    if (used) w.set('incomeUsed', i, 1);
  });
  if (view.councilOpen) w.set('council', 0, 1);
  w.set('council', 1, view.assembly / COUNCILOR_CHIPS);
  w.set('piles', 0, unit(view.deckSize / deckScale));
  w.set('piles', 1, unit(view.discardSize / deckScale));
  if (view.ownAction >= 0) w.oneHot('ownAction', view.ownAction);
  if (view.pending !== null) {
    w.oneHot('pendingSeat', offset(view.pending.seat));
    w.oneHot('pendingKind', view.pending.kind);
    w.set('pendingCost', 0, view.pending.cost / MAX_COST);
    w.set('pendingCost', 1, view.pending.due / MAX_COST);
    w.set('pendingCost', 2, view.pending.power / MAX_POWER_COST);
    if (view.pending.sacrificed) w.set('pendingCost', 3, 1);
  }
  w.set('setAside', 0, unit(view.setAsideCount / HAND_SCALE));
  for (const k of view.ownSetAside) w.add('ownSetAside', k, 1 / MAX_COPIES);
  for (const k of view.ownDiscards) w.add('ownDiscards', k, 1 / MAX_COPIES);
  for (const k of view.publicDiscards) w.add('publicDiscards', k, 1 / MAX_COPIES);
  if (view.truncated) w.set('outcome', n, 1);
  return w.finish();
}
