import { SegmentWriter, defineLayout, type SegmentLayout } from '../core/segments.js';
import {
  ASSETS,
  BUSINESSES,
  CARD_TYPES,
  DECK_SIZE,
  LUXURIES,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
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
export const CASH_SCALE = 50;
export const MAX_HAND = 6;
export const MAX_SYMBOLS = 24;
export const MAX_HIT = 5;

/** How per-seat blocks are ordered, for the meanings below. */
const ORDER = 'from the viewer clockwise (spectator: from seat 0)';

/**
 * Segments (rules §9 "suggested observation"). Every per-seat entry is rotated so the viewer is
 * index 0 and the others follow clockwise; counts are divided by their maximum and money squashed,
 * so every value lies in [0, 1]. The meanings are the layout tables' text.
 */
function layoutFor(n: number): SegmentLayout {
  const seg = (name: string, size: number, meaning: string) => ({ name, size, meaning });
  return defineLayout([
    seg('phase', PHASES.length, `decision asked, one-hot: ${PHASES.join(', ')}`),
    seg('toAct', n, `seat to act, one-hot by seat ${ORDER}; all 0 once over`),
    seg('active', n, `whose turn it is (the last one once over), one-hot by seat ${ORDER}`),
    seg('page', PAGES, 'page the binder is open at (1–4), one-hot'),
    seg(
      'pockets',
      PAGES * SLOTS * n,
      `per pocket (page 1–4, slot 1–9): 1 at the owner of its sign card, by seat ${ORDER}`,
    ),
    seg('businessOwner', BUSINESSES.length * n, `per business B0–B21: 1 at its owner, by seat ${ORDER}`),
    seg('businessPage', BUSINESSES.length * PAGES, 'per business B0–B21: 1 at the page (1–4) its sign lies on'),
    seg(
      'visible',
      SLOTS * n,
      `per slot 1–9 at the current page: 1 at the owner of the sign card showing, by seat ${ORDER}`,
    ),
    seg(
      'visibleHit',
      SLOTS,
      `per slot 1–9: what a die there pays the owner of the sign showing / ${MAX_HIT} (0: none)`,
    ),
    seg('hand', TYPE_COUNT, 'per card type B0–B21, A0–A6, C0–C7: my copies / copies in the game (spectator: all 0)'),
    seg(
      'known',
      n * BUSINESSES.length,
      `per seat ${ORDER}, per business B0–B21: 1 if known in that hand (Business Scout)`,
    ),
    seg('cash', n * 2, `per seat ${ORDER}: min(cash, ${CASH_SCALE}) / ${CASH_SCALE}, cash / (cash + ${CASH_SCALE})`),
    seg('handSize', n, `per seat ${ORDER}: min(cards in hand, ${MAX_HAND}) / ${MAX_HAND}`),
    seg('assets', n * ASSETS.length, `per seat ${ORDER}, per asset kind A0–A6: 1 if owned`),
    seg(
      'symbols',
      n,
      `per seat ${ORDER}: min($ symbols, ${MAX_SYMBOLS}) / ${MAX_SYMBOLS}, before Political Connections`,
    ),
    seg(
      'luxuries',
      LUXURIES.length * (n + 2),
      `per luxury L0–L11: owner one-hot by seat ${ORDER}, then available, then removed`,
    ),
    seg('eliminated', n, `per seat ${ORDER}: 1 once eliminated`),
    seg('discard', TYPE_COUNT, 'per card type: copies in the discard pile / copies in the game'),
    seg('deckSize', 1, `cards in the deck / ${DECK_SIZE}`),
    seg('turn', 1, `turn / ${MAX_TURNS}`),
    seg('steps', 1, `decisions so far / ${MAX_STEPS}`),
    seg('actionsDone', 1, 'card actions done this turn / 2'),
    seg('played', TYPE_COUNT, 'card type being resolved, one-hot (0: none)'),
    seg('pageRoll', 6, 'page die 1–6 awaiting the Page Turner decision, one-hot (0: none)'),
    seg(
      'tax',
      2 + 4 * n,
      `tax event (0: none): k / ${PAGES}, 1 if an audit; then 1 at the audit target, the participants, ` +
        `the seat selling, the seats eliminated: 4 blocks by seat ${ORDER}`,
    ),
    seg(
      'auction',
      LUXURIES.length + 3 + 4 * n,
      `luxury auction (0: none): luxury L0–L11 one-hot; high bid and minimum bid as b / (b + ${CASH_SCALE}); ` +
        '1 if my cash covers the minimum; then 1 at the eliminated owner, the high bidder, the seat asked, ' +
        `the seats passed since the last bid: 4 blocks by seat ${ORDER}`,
    ),
    seg('winners', n, `per seat ${ORDER}: 1 if placed first once over`),
    seg('end', 2, '1 if ended by the turn or decision cap; 1 if everyone in one tax event went bankrupt'),
    // Last, so v1 models widen by appending.
    seg('seat', n, "the viewer's absolute seat, one-hot (spectator: 0): TARGET actions name absolute seats"),
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
