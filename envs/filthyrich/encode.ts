import { SegmentWriter, defineLayout, type SegmentLayout } from '../core/segments.js';
import {
  ASSETS,
  BUSINESSES,
  CARD_TYPES,
  DECK_SIZE,
  LUXURIES,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PAGES,
  PHASES,
  SLOTS,
  TYPE_COUNT,
} from './components.js';
import type { FilthyRichView } from './view.js';

/**
 * v2 appended `seat`. Models saved for v1 are refused; `agora widen-model` (training/widen-input.ts)
 * turns one into a v2 model that computes exactly what it computed before (zero weights on the new
 * inputs).
 */
export const ENCODING_VERSION = 2;

/** Money is squashed into [0, 1] two ways: linear up to $CASH_SCALE, and c / (c + CASH_SCALE) beyond. */
const CASH_SCALE = 50;
const MAX_HAND = 6;
const MAX_SYMBOLS = 24;
const MAX_HIT = 5;

/**
 * Segments (rules §9 "suggested observation"). Every per-seat entry is rotated so the viewer is
 * index 0 and the others follow clockwise (the spectator sees seat 0 first). Counts are divided by
 * their maximum, money squashed, so every value lies in [0, 1].
 */
function layoutFor(n: number): SegmentLayout {
  return defineLayout([
    { name: 'phase', size: PHASES.length }, // one-hot decision kind
    { name: 'toAct', size: n }, // one-hot by offset; none once over
    { name: 'active', size: n },
    { name: 'page', size: PAGES }, // one-hot current page
    { name: 'pockets', size: PAGES * SLOTS * n }, // owner of the sign card in each pocket of each page
    { name: 'businessOwner', size: BUSINESSES.length * n },
    { name: 'businessPage', size: BUSINESSES.length * PAGES }, // page of each business's sign
    { name: 'visible', size: SLOTS * n }, // owner of the sign card visible in each slot now
    { name: 'visibleHit', size: SLOTS }, // what a die on that slot pays its owner / 5
    { name: 'hand', size: TYPE_COUNT }, // my copies of each type / copies in the game
    { name: 'known', size: n * BUSINESSES.length }, // businesses known in each hand
    { name: 'cash', size: n * 2 }, // [min(c, 50) / 50, c / (c + 50)]
    { name: 'handSize', size: n }, // / 6
    { name: 'assets', size: n * ASSETS.length },
    { name: 'symbols', size: n }, // $ symbols / 24
    { name: 'luxuries', size: LUXURIES.length * (n + 2) }, // owner one-hot, then available, removed
    { name: 'eliminated', size: n },
    { name: 'discard', size: TYPE_COUNT }, // copies in the discard pile / copies in the game
    { name: 'deckSize', size: 1 }, // / 73
    { name: 'turn', size: 1 }, // / maxTurns
    { name: 'steps', size: 1 }, // / maxSteps
    { name: 'actionsDone', size: 1 }, // / 2
    { name: 'played', size: TYPE_COUNT }, // one-hot card being resolved
    { name: 'pageRoll', size: 6 }, // one-hot page die awaiting Page Turner
    { name: 'tax', size: 2 + 4 * n }, // [k / 4, audit?], target, participants, selling, eliminated
    // luxury, [high, minimum, can I bid], from, high bidder, asked, passed
    { name: 'auction', size: LUXURIES.length + 3 + 4 * n },
    { name: 'winners', size: n },
    { name: 'end', size: 2 }, // truncated, bankrupt
    // The viewer's absolute seat, one-hot (none for the spectator). Everything above is rotated to the
    // viewer, but TARGET names absolute seats (§9): without this a policy cannot tell which target is
    // which opponent. Last, so v1 models widen by appending.
    { name: 'seat', size: n },
  ]);
}

const LAYOUTS: readonly SegmentLayout[] = Array.from({ length: MAX_PLAYERS + 1 }, (_, n) =>
  n >= MIN_PLAYERS ? layoutFor(n) : layoutFor(MIN_PLAYERS),
);
export const layoutOf = (players: number): SegmentLayout => LAYOUTS[players];
export const observationSize = (players: number): number => LAYOUTS[players].size;

const squash = (cash: number): number => cash / (cash + CASH_SCALE);
const linear = (cash: number, max: number): number => Math.min(cash, max) / max;

export function encodeFilthyRich(view: FilthyRichView): Float32Array {
  const n = view.players;
  const w = new SegmentWriter(LAYOUTS[n]);
  const me = Math.max(0, view.seat);
  const offset = (seat: number): number => (seat - me + n) % n;
  w.oneHot('phase', PHASES.indexOf(view.phase));
  if (view.toAct >= 0) w.oneHot('toAct', offset(view.toAct));
  w.oneHot('active', offset(view.active));
  w.oneHot('page', view.page - 1);
  view.binder.forEach((pockets, p) =>
    pockets.forEach((b, i) => {
      if (b >= 0) w.set('pockets', (p * SLOTS + i) * n + offset(view.businessOwner[b]), 1);
    }),
  );
  view.businessOwner.forEach((owner, b) => {
    if (owner >= 0) w.set('businessOwner', b * n + offset(owner), 1);
  });
  view.binder.forEach((pockets, p) =>
    pockets.forEach((b) => {
      if (b >= 0) w.set('businessPage', b * PAGES + p, 1);
    }),
  );
  view.visible.forEach((b, i) => {
    if (b < 0) return;
    w.set('visible', i * n + offset(view.businessOwner[b]), 1);
    w.set('visibleHit', i, BUSINESSES[b].hit / MAX_HIT);
  });
  for (const type of view.hand) w.add('hand', type, 1 / CARD_TYPES[type].copies);
  for (let seat = 0; seat < n; seat++) {
    const o = offset(seat);
    for (const b of view.known[seat]) w.set('known', o * BUSINESSES.length + b, 1);
    w.set('cash', o * 2, linear(view.cash[seat], CASH_SCALE));
    w.set('cash', o * 2 + 1, squash(view.cash[seat]));
    w.set('handSize', o, linear(view.handSizes[seat], MAX_HAND));
    for (const kind of view.assets[seat]) w.set('assets', o * ASSETS.length + kind, 1);
    w.set('symbols', o, linear(view.symbols[seat], MAX_SYMBOLS));
    if (view.eliminated[seat] > 0) w.set('eliminated', o, 1);
  }
  view.luxuryOwner.forEach((owner, l) => {
    w.set('luxuries', l * (n + 2) + (owner >= 0 ? offset(owner) : owner === -1 ? n : n + 1), 1);
  });
  for (const type of view.discard) w.add('discard', type, 1 / CARD_TYPES[type].copies);
  w.set('deckSize', 0, view.deckSize / DECK_SIZE);
  w.set('turn', 0, view.turn / view.maxTurns);
  w.set('steps', 0, view.steps / view.maxSteps);
  w.set('actionsDone', 0, view.actionsDone / 2);
  if (view.played >= 0) w.oneHot('played', view.played);
  if (view.pageRoll > 0) w.oneHot('pageRoll', view.pageRoll - 1);
  if (view.tax !== null) {
    w.set('tax', 0, view.tax.multiplier / PAGES);
    if (view.tax.target >= 0) {
      w.set('tax', 1, 1);
      w.set('tax', 2 + offset(view.tax.target), 1);
    }
    for (const s of view.tax.participants) w.set('tax', 2 + n + offset(s), 1);
    if (view.tax.selling >= 0) w.set('tax', 2 + 2 * n + offset(view.tax.selling), 1);
    for (const s of view.tax.eliminated) w.set('tax', 2 + 3 * n + offset(s), 1);
  }
  if (view.auction !== null) {
    const a = view.auction;
    const base = LUXURIES.length;
    w.set('auction', a.luxury, 1);
    w.set('auction', base, squash(a.highBid));
    w.set('auction', base + 1, squash(a.minimumBid));
    if (view.seat >= 0 && view.cash[view.seat] >= a.minimumBid) w.set('auction', base + 2, 1);
    w.set('auction', base + 3 + offset(a.from), 1);
    if (a.highBidder >= 0) w.set('auction', base + 3 + n + offset(a.highBidder), 1);
    w.set('auction', base + 3 + 2 * n + offset(a.asked), 1);
    for (const s of a.passed) w.set('auction', base + 3 + 3 * n + offset(s), 1);
  }
  for (const s of view.winners) w.set('winners', offset(s), 1);
  if (view.truncated) w.set('end', 0, 1);
  if (view.bankrupt) w.set('end', 1, 1);
  if (view.seat >= 0) w.set('seat', view.seat, 1);
  return w.finish();
}
