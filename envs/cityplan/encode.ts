import { SegmentWriter, defineLayout, type Segment, type SegmentLayout } from '../core/segments.js';
import {
  ACTION_CARD_NAMES,
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
  INITIAL_PLANT,
  KINDS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  MAX_POWER,
  MAX_TURNS,
  PHASES,
} from './components.js';
import type { CityPlanView } from './view.js';

export const ENCODING_VERSION = 1;

/** Most copies of one kind (Thermal Power Plant: 4): per-kind counts are divided by it. */
export const MAX_COPIES = Math.max(...KINDS.map((k) => k.copies), 1);
/** A hand never exceeds 23 cards (see maxGameLength); sizes are divided by 24 and clamped. */
export const HAND_SCALE = 24;
/** City statistics per seat: R, C, I, eco, specials, plants, then buildings (each / 10). */
export const STAT_FLAGS = [F_R, F_C, F_I, F_ECO, F_SPECIAL, F_PLANT] as const;
export const STATS = STAT_FLAGS.length + 1;
/** Scores of items 1-6 lie roughly in -10..130: (score + 20) / 150, clamped. */
export const SCORE_OFFSET = 20;
export const SCORE_SCALE = 150;
/** Printed card costs and powers are at most 4 and 6. */
export const MAX_COST = Math.max(...KINDS.map((k) => k.cost));
export const MAX_POWER_COST = Math.max(...KINDS.map((k) => k.power));

/** How the per-seat segments order seats: (seat - viewer + players) % players. */
const BY_OFFSET = 'seats in order from the viewer (index 0; seat 0 for the spectator)';
const ACTION_ORDER = ACTION_CARD_NAMES.join(', ');
const DECKS = `${DECK_SIZE.delta} delta, ${DECK_SIZE.plain} plain`;
const PER_KIND = `per building kind 0-${DECK_KINDS - 1}: copies / ${MAX_COPIES}`;

/**
 * Segments (rules §9 "suggested observation"). Every per-seat segment is rotated so the viewer is
 * index 0 and the others follow clockwise; every value lies in [0, 1].
 */
export function layoutFor(players: number): SegmentLayout {
  return defineLayout([
    { name: 'phase', size: PHASES.length, meaning: `one-hot phase: ${PHASES.join(', ')}` },
    { name: 'toAct', size: players, meaning: `one-hot seat to act, ${BY_OFFSET}; all 0 once over` },
    { name: 'mayor', size: players, meaning: `one-hot mayor (acts first this turn), ${BY_OFFSET}` },
    { name: 'turn', size: 1, meaning: `turn / ${MAX_TURNS} (the turn cap)` },
    { name: 'hand', size: DECK_KINDS, meaning: `the viewer's hand ${PER_KIND}; all 0 for the spectator` },
    { name: 'handSizes', size: players, meaning: `cards in hand / ${HAND_SCALE}, clamped to 1; ${BY_OFFSET}` },
    {
      name: 'cities',
      size: players * CITY_KINDS,
      meaning:
        `buildings per kind 0-${CITY_KINDS - 1} / ${MAX_COPIES} at seat * ${CITY_KINDS} + kind ` +
        `(${INITIAL_PLANT} = Initial Power Plant); ${BY_OFFSET}`,
    },
    {
      name: 'cityStats',
      size: players * STATS,
      meaning:
        `${STATS} per seat, each / ${END_BUILDINGS}: buildings counting as R, C, I, eco, special or mixed, ` +
        `power plant, then all buildings; ${BY_OFFSET}`,
    },
    { name: 'power', size: players, meaning: `power chips / ${MAX_POWER} (the most one seat can hold); ${BY_OFFSET}` },
    { name: 'councilors', size: players, meaning: `councilor chips held / ${COUNCILOR_CHIPS}; ${BY_OFFSET}` },
    {
      name: 'freeBuilds',
      size: players,
      meaning: `free-build counter (Planned Construction Site) / ${FREE_BUILDS}; ${BY_OFFSET}`,
    },
    {
      name: 'scores',
      size: players,
      meaning:
        `score (items 1-6 of §7.1; the final total once over): (score + ${SCORE_OFFSET}) / ${SCORE_SCALE}, ` +
        `clamped; ${BY_OFFSET}`,
    },
    { name: 'incomeUsed', size: INCOME_CARDS.length, meaning: 'income cards 1-6: 1 once the card has paid out' },
    {
      name: 'council',
      size: 2,
      meaning: `council open (an income card has paid out): 1; councilor chips on the assembly / ${COUNCILOR_CHIPS}`,
    },
    {
      name: 'piles',
      size: 2,
      meaning: `draw deck size, discard pile size, each / the variant's deck size (${DECKS}), clamped`,
    },
    {
      name: 'discardsBySeat',
      size: players,
      meaning: `cards put face down on the discard pile since the last reshuffle / deck size; ${BY_OFFSET}`,
    },
    { name: 'committed', size: players, meaning: `1 once the seat has chosen its action card this turn; ${BY_OFFSET}` },
    {
      name: 'ownAction',
      size: ACTION_CARD_NAMES.length,
      meaning: `the viewer's action card this turn, one-hot ${ACTION_ORDER}; all 0 if none or the spectator`,
    },
    {
      name: 'revealed',
      size: players * ACTION_CARD_NAMES.length,
      meaning:
        `once all are revealed, each seat's action card one-hot (${ACTION_ORDER}) at seat * 3 + card; ` + BY_OFFSET,
    },
    {
      name: 'pendingSeat',
      size: players,
      meaning: `one-hot seat paying for a building (phases sacrifice and pay); ${BY_OFFSET}`,
    },
    { name: 'pendingKind', size: DECK_KINDS, meaning: 'one-hot kind of the building being paid for' },
    {
      name: 'pendingCost',
      size: 4,
      meaning:
        `building being paid for: card cost / ${MAX_COST}, cards still due / ${MAX_COST}, power / ` +
        `${MAX_POWER_COST}, 1 if the Construction Site was sacrificed`,
    },
    {
      name: 'setAside',
      size: 1,
      meaning: `cards the Exchange player being asked has set aside / ${HAND_SCALE}, clamped`,
    },
    { name: 'ownSetAside', size: DECK_KINDS, meaning: `the viewer's own set-aside cards ${PER_KIND}` },
    {
      name: 'ownDiscards',
      size: DECK_KINDS,
      meaning: `the viewer's face-down discards since the last reshuffle ${PER_KIND}; all 0 for the spectator`,
    },
    {
      name: 'publicDiscards',
      size: DECK_KINDS,
      meaning: `face-up cards on the discard pile since the last reshuffle ${PER_KIND}`,
    },
    {
      name: 'outcome',
      size: players + 1,
      meaning: `once over, 1 per winning seat, ${BY_OFFSET}; the last value 1 if the turn cap ended the game`,
    },
  ]);
}

/** Layouts by seat count (index 0 and 1 hold the 2-player one). */
export const LAYOUTS: readonly SegmentLayout[] = Array.from({ length: MAX_PLAYERS + 1 }, (_, n) =>
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
