/**
 * §7.1 final scoring and the counting terms of §2.1 as pure functions of a city (a count per kind
 * 0..50 read from `city` at `base`): no state, no RNG. The City Bonus draw itself (item 7) happens
 * in transitions.ts; the ticket count is here. Below them the
 * position's scores, ranking and the heuristic `evaluate`.
 */
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import {
  BALANCE_TICKETS,
  BANK,
  BONUS,
  CITY_HALL,
  CITY_KINDS,
  COMPLETION,
  COUNCIL_BONUS,
  COUNCIL_PENALTY,
  DEVELOPMENT_FACTOR,
  END_BUILDINGS,
  FLAGS,
  F_C,
  F_ECO,
  F_I,
  F_PLANT,
  F_R,
  F_SPECIAL,
  HOSPITAL,
  KINDS,
  MUSEUM,
  PH_OVER,
  POINTS,
  RESEARCH_LAB,
} from './components.js';
import type { CityPlanPosition } from './position.js';
import { toAct } from './transitions.js';

/** The §2.1 counts of one city plus the point sums the bonuses need. */
export interface CityStats {
  readonly buildings: number;
  readonly r: number;
  readonly c: number;
  readonly i: number;
  readonly eco: number;
  readonly specials: number;
  readonly plants: number;
  /** Sum of printed points of all buildings (item 1). */
  readonly points: number;
  /** Printed points of the buildings that count as R, C, I (item 5; mixed add to their type). */
  readonly rPoints: number;
  readonly cPoints: number;
  readonly iPoints: number;
}

/** CityStats with writable fields: cityStatsInto fills one without allocating. */
type StatsScratch = { -readonly [K in keyof CityStats]: CityStats[K] };

const emptyStats = (): StatsScratch => ({
  buildings: 0,
  r: 0,
  c: 0,
  i: 0,
  eco: 0,
  specials: 0,
  plants: 0,
  points: 0,
  rPoints: 0,
  cPoints: 0,
  iPoints: 0,
});

export function cityStats(city: ArrayLike<number>, base = 0): CityStats {
  return cityStatsInto(city, base, emptyStats());
}

/** cityStats written into `out` (every field), for the per-step paths that must not allocate. */
function cityStatsInto(city: ArrayLike<number>, base: number, out: StatsScratch): CityStats {
  let buildings = 0,
    r = 0,
    c = 0,
    i = 0,
    eco = 0,
    specials = 0,
    plants = 0;
  let points = 0,
    rPoints = 0,
    cPoints = 0,
    iPoints = 0;
  for (let k = 0; k < CITY_KINDS; k++) {
    const n = city[base + k];
    if (n === 0) continue;
    const f = FLAGS[k];
    const pts = n * POINTS[k];
    buildings += n;
    points += pts;
    if (f & F_R) {
      r += n;
      rPoints += pts;
    }
    if (f & F_C) {
      c += n;
      cPoints += pts;
    }
    if (f & F_I) {
      i += n;
      iPoints += pts;
    }
    if (f & F_ECO) eco += n;
    if (f & F_SPECIAL) specials += n;
    if (f & F_PLANT) plants += n;
  }
  out.buildings = buildings;
  out.r = r;
  out.c = c;
  out.i = i;
  out.eco = eco;
  out.specials = specials;
  out.plants = plants;
  out.points = points;
  out.rPoints = rPoints;
  out.cPoints = cPoints;
  out.iPoints = iPoints;
  return out;
}

/** Item 4: 10+ buildings 20/10/5 and 9 buildings 10/5/2 for 0/1/2+ specials; fewer: 0. */
export function completionBonus(buildings: number, specials: number): number {
  if (buildings < END_BUILDINGS - 1) return 0;
  return COMPLETION[buildings >= END_BUILDINGS ? 0 : 1][Math.min(specials, 2)];
}

/** Item 3: +5 to every seat holding the most chips (if that is at least 1), -5 to every seat with 0. */
function councilBonus(chips: number, mostChips: number): number {
  if (chips === 0) return -COUNCIL_PENALTY;
  return chips === mostChips ? COUNCIL_BONUS : 0;
}

/** Item 6: Museum (eco), Hospital (R), Bank (C), Research Lab (I); never counting the card itself. */
export function endEffects(city: ArrayLike<number>, base: number, stats: CityStats): number {
  let points = 0;
  // None of the four is eco, so the Museum's eco count never includes itself.
  if (city[base + MUSEUM] > 0) points += stats.eco;
  if (city[base + HOSPITAL] > 0) points += stats.r - 1;
  if (city[base + BANK] > 0) points += stats.c - 1;
  if (city[base + RESEARCH_LAB] > 0) points += stats.i - 1;
  return points;
}

/** Item 7's lottery tickets: R, C, I beyond 2 each; eco 3-4 -> 1, 5-6 -> 2, ...; balance 0/1/3/6. */
export function cityTickets(stats: CityStats): number {
  const beyondTwo = (n: number) => (n > 2 ? n - 2 : 0);
  const eco = stats.eco < 3 ? 0 : Math.floor((stats.eco - 1) / 2);
  const least = Math.min(stats.r, stats.c, stats.i);
  return beyondTwo(stats.r) + beyondTwo(stats.c) + beyondTwo(stats.i) + eco + BALANCE_TICKETS[Math.min(least, 3)];
}

/** Items 1-6 of §7.1 for one seat (the City Bonus, item 7, is added at the end). */
export interface ScoreBreakdown {
  readonly buildingPoints: number;
  readonly chips: number;
  readonly council: number;
  readonly completion: number;
  readonly development: number;
  readonly effects: number;
  /** Sum of the six items. */
  readonly subtotal: number;
}

export function scoreBreakdown(
  city: ArrayLike<number>,
  base: number,
  chips: number,
  mostChips: number,
): ScoreBreakdown {
  const stats = cityStats(city, base);
  const council = councilBonus(chips, mostChips);
  const completion = completionBonus(stats.buildings, stats.specials);
  const development = DEVELOPMENT_FACTOR * Math.min(stats.rPoints, stats.cPoints, stats.iPoints);
  const effects = endEffects(city, base, stats);
  return {
    buildingPoints: stats.points,
    chips,
    council,
    completion,
    development,
    effects,
    subtotal: stats.points + chips + council + completion + development + effects,
  };
}

/**
 * §7.3 ranking: by total, then the City Hall owner ahead of the others with the same total (at every
 * place); seats still equal share a place (competition ranking: 0, 0, 2).
 */
export function rankTotals(totals: readonly number[], cityHall: readonly boolean[]): number[] {
  return rankByKeys(totals.map((total, seat) => [total, cityHall[seat] ? 1 : 0]));
}

// ---- a position's scores ------------------------------------------------------------------------

/** §7.1 for one seat at the end. */
export interface FinalScore extends ScoreBreakdown {
  readonly tickets: number;
  /** City Bonus cards drawn, in order (kinds). */
  readonly bonusCards: number[];
  readonly cityBonus: number;
  readonly total: number;
  readonly cityHall: boolean;
}

/** The most councilor chips any seat holds (item 3). */
export function mostChips(p: CityPlanPosition): number {
  let most = 0;
  for (let s = 0; s < p.players; s++) most = Math.max(most, p.councilors[s]);
  return most;
}

/** Items 1-6 of §7.1 per seat. */
export function breakdowns(p: CityPlanPosition): ScoreBreakdown[] {
  const most = mostChips(p);
  return Array.from({ length: p.players }, (_, s) => scoreBreakdown(p.cities, s * CITY_KINDS, p.councilors[s], most));
}

/** The stats seatScore reuses (it runs for every seat at every step, in views and observations). */
const SCRATCH = emptyStats();

/**
 * scores()[seat] without allocating: scoreBreakdown's subtotal (items 1-6), plus the City Bonus once
 * over. `most` is mostChips(p).
 */
export function seatScore(p: CityPlanPosition, seat: number, most: number): number {
  const base = seat * CITY_KINDS;
  const stats = cityStatsInto(p.cities, base, SCRATCH);
  const chips = p.councilors[seat];
  const subtotal =
    stats.points +
    chips +
    councilBonus(chips, most) +
    completionBonus(stats.buildings, stats.specials) +
    DEVELOPMENT_FACTOR * Math.min(stats.rPoints, stats.cPoints, stats.iPoints) +
    endEffects(p.cities, base, stats);
  return subtotal + (p.phase === PH_OVER ? cityBonus(p, seat) : 0);
}

/** Sum of the bonus values of the City Bonus cards a seat drew (0 before the end). */
function cityBonus(p: CityPlanPosition, seat: number): number {
  let points = 0;
  const draws = p.bonusDraws;
  for (let i = 0; i < draws.length; i += 2) if (draws[i] === seat) points += BONUS[draws[i + 1]];
  return points;
}

export function finalScores(p: CityPlanPosition): FinalScore[] {
  return breakdowns(p).map((b, s) => {
    const bonus = cityBonus(p, s);
    return {
      ...b,
      tickets: cityTickets(cityStats(p.cities, s * CITY_KINDS)),
      bonusCards: p.bonusDraws.filter((_, i) => i % 2 === 1 && p.bonusDraws[i - 1] === s),
      cityBonus: bonus,
      total: b.subtotal + bonus,
      cityHall: p.cities[s * CITY_KINDS + CITY_HALL] > 0,
    };
  });
}

/** §7.3 `scores()`: the totals once over; items 1-6 of §7.1 during play. */
export function scores(p: CityPlanPosition): number[] {
  const most = mostChips(p);
  const out: number[] = [];
  for (let seat = 0; seat < p.players; seat++) out.push(seatScore(p, seat, most));
  return out;
}

/**
 * §7.3: by total, then the City Hall owner ahead of the others with the same total; seats still
 * equal share a place. During play the same keys on the current scores.
 */
export function ranking(p: CityPlanPosition): number[] {
  return rankTotals(
    scores(p),
    p.cities.filter((_, i) => i % CITY_KINDS === CITY_HALL).map((n) => n > 0),
  );
}

/** Heuristic worth of resources in points: a hand card (the currency of §4.2.1), a chip, a building. */
const CARD_WORTH = 0.8;
const CHIP_WORTH = 0.15;
const BUILDING_WORTH = 1.5;
/** A lead of this many points maps to tanh(1) = 0.76 before the 0.95 squash. */
const LEAD_SCALE = 20;

/** Per seat, score (items 1-6) plus resources in points, as evaluate weighs them. Public facts only. */
function worth(p: CityPlanPosition): number[] {
  const actor = toAct(p);
  return scores(p).map((score, seat) => {
    const pending = p.pendingKind >= 0 && seat === actor ? KINDS[p.pendingKind].points + BUILDING_WORTH : 0;
    return (
      score + pending + CARD_WORTH * p.handSize[seat] + CHIP_WORTH * p.power[seat] + BUILDING_WORTH * p.buildings[seat]
    );
  });
}

/**
 * Heuristic value for search and greedy play (architecture `evaluate`): the return once the game is
 * over; before, my lead over the best other seat in score (items 1-6 of §7.1) plus resources: hand
 * cards, chips and buildings (progress toward the end). A building chosen but not yet paid for counts
 * as built, so a one-ply search sees the value of choosing it. Squashed strictly inside (-1, 1).
 */
export function evaluate(p: CityPlanPosition, seat: number): number {
  if (p.phase === PH_OVER) return returnsFromRanking(ranking(p))[seat];
  const w = worth(p);
  let best = -Infinity;
  for (let s = 0; s < p.players; s++) if (s !== seat) best = Math.max(best, w[s]);
  return 0.95 * Math.tanh((w[seat] - best) / LEAD_SCALE);
}
