/**
 * The observation written straight from the position (GameRules.encodeInto): encodeFilthyRich(view(p,
 * seat)) value for value, without building the view. Every value is computed by the same expression
 * as in encode.ts, in the same order (the hand and discard counts are summed in the buffer one card
 * at a time, as the writer's `add` does), so the float32 values are bit for bit the same; the
 * conformance checker and encode-into.test.ts compare the two. Nothing is allocated per call except
 * the ranking once the game is over.
 */
import { visibleAt } from './binder.js';
import {
  ASSETS,
  BUSINESSES,
  CARD_TYPES,
  DECK_SIZE,
  LUXURIES,
  LUX_AVAILABLE,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
  PAGES,
  PH_OVER,
  PH_TAX_SELL,
  SLOTS,
  TYPE_COUNT,
} from './components.js';
import { minimumBid, symbolsOf } from './economy.js';
import { CASH_SCALE, MAX_HAND, MAX_HIT, MAX_SYMBOLS, layoutOf } from './encode.js';
import type { FilthyRichPosition } from './position.js';
import { ranking } from './scoring.js';
import { toAct } from './transitions.js';

/** Segment offsets by player count (the layout's own table: a misspelt name shows as a mismatch in the tests). */
const OFFSETS: readonly Readonly<Record<string, number>>[] = Array.from(
  { length: MAX_PLAYERS + 1 },
  (_, n) => layoutOf(n).offsets,
);

/** 1 / copies of each card type: the step of the hand and discard counts. */
const COPY_STEP: readonly number[] = CARD_TYPES.map((t) => 1 / t.copies);
const HIT: readonly number[] = BUSINESSES.map((b) => b.hit / MAX_HIT);
const BUSINESS_COUNT = BUSINESSES.length;
const ASSET_COUNT = ASSETS.length;
const LUXURY_COUNT = LUXURIES.length;

const squash = (cash: number): number => cash / (cash + CASH_SCALE);

/** encodeFilthyRich(view(p, seat)) into out[offset ..]; the kit has zeroed that range. */
export function encodeFilthyRichInto(p: FilthyRichPosition, seat: number, out: Float32Array, offset: number): void {
  const n = p.players;
  const at = OFFSETS[n];
  // The viewer's rotation: seat s goes to (s - me + n) % n (the spectator sees seat 0 first).
  const me = Math.max(0, seat);
  const over = p.phase === PH_OVER;

  out[offset + at.phase + p.phase] = 1;
  const acting = toAct(p);
  if (acting >= 0) out[offset + at.toAct + ((acting - me + n) % n)] = 1;
  out[offset + at.active + ((p.active - me + n) % n)] = 1;
  out[offset + at.page + p.page - 1] = 1;

  // The binder: owner of each pocket's sign card, and the page of each business's sign.
  const binder = p.binder;
  const owners = p.bizOwner;
  for (let page = 0; page < PAGES; page++) {
    for (let slot = 0; slot < SLOTS; slot++) {
      const b = binder[page * SLOTS + slot];
      if (b < 0) continue;
      out[offset + at.pockets + (page * SLOTS + slot) * n + ((owners[b] - me + n) % n)] = 1;
      out[offset + at.businessPage + b * PAGES + page] = 1;
    }
  }
  for (let b = 0; b < BUSINESS_COUNT; b++) {
    const owner = owners[b];
    if (owner >= 0) out[offset + at.businessOwner + b * n + ((owner - me + n) % n)] = 1;
  }
  for (let slot = 0; slot < SLOTS; slot++) {
    const b = visibleAt(p, slot + 1);
    if (b < 0) continue;
    out[offset + at.visible + slot * n + ((owners[b] - me + n) % n)] = 1;
    out[offset + at.visibleHit + slot] = HIT[b];
  }

  if (seat >= 0) {
    const hand = offset + at.hand;
    for (let type = 0; type < TYPE_COUNT; type++) {
      for (let k = p.hands[seat * TYPE_COUNT + type]; k > 0; k--) out[hand + type] += COPY_STEP[type];
    }
  }

  for (let s = 0; s < n; s++) {
    const o = (s - me + n) % n;
    const known = p.known[s];
    if (known !== 0) {
      for (let b = 0; b < BUSINESS_COUNT; b++) {
        if (known & (1 << b)) out[offset + at.known + o * BUSINESS_COUNT + b] = 1;
      }
    }
    const cash = p.cash[s];
    out[offset + at.cash + o * 2] = Math.min(cash, CASH_SCALE) / CASH_SCALE;
    out[offset + at.cash + o * 2 + 1] = squash(cash);
    out[offset + at.handSize + o] = Math.min(p.handSize[s], MAX_HAND) / MAX_HAND;
    const assets = p.assets[s];
    for (let kind = 0; kind < ASSET_COUNT; kind++) {
      if (assets & (1 << kind)) out[offset + at.assets + o * ASSET_COUNT + kind] = 1;
    }
    out[offset + at.symbols + o] = Math.min(symbolsOf(p, s), MAX_SYMBOLS) / MAX_SYMBOLS;
    if (p.elim[s] > 0) out[offset + at.eliminated + o] = 1;
  }

  for (let l = 0; l < LUXURY_COUNT; l++) {
    const owner = p.luxOwner[l];
    const column = owner >= 0 ? (owner - me + n) % n : owner === LUX_AVAILABLE ? n : n + 1;
    out[offset + at.luxuries + l * (n + 2) + column] = 1;
  }
  const discard = p.discard;
  for (let i = 0; i < discard.length; i++) out[offset + at.discard + discard[i]] += COPY_STEP[discard[i]];
  out[offset + at.deckSize] = p.deck.length / DECK_SIZE;
  out[offset + at.turn] = p.turn / MAX_TURNS;
  out[offset + at.steps] = p.steps / MAX_STEPS;
  out[offset + at.actionsDone] = p.actionsDone / 2;
  if (p.played >= 0) out[offset + at.played + p.played] = 1;
  if (p.pageRoll > 0) out[offset + at.pageRoll + p.pageRoll - 1] = 1;

  if (p.taxK !== 0) {
    const tax = offset + at.tax;
    out[tax] = p.taxK / PAGES;
    if (p.taxTarget >= 0) {
      out[tax + 1] = 1;
      out[tax + 2 + ((p.taxTarget - me + n) % n)] = 1;
    }
    const order = p.taxOrder;
    for (let i = 0; i < order.length; i++) out[tax + 2 + n + ((order[i] - me + n) % n)] = 1;
    if (p.phase === PH_TAX_SELL) out[tax + 2 + 2 * n + ((order[p.taxIndex] - me + n) % n)] = 1;
    const elim = p.taxElim;
    for (let i = 0; i < elim.length; i++) out[tax + 2 + 3 * n + ((elim[i] - me + n) % n)] = 1;
  }

  if (p.aucLux >= 0) {
    const auction = offset + at.auction;
    const base = auction + LUXURY_COUNT;
    const minimum = minimumBid(p);
    out[auction + p.aucLux] = 1;
    out[base] = squash(p.aucHigh);
    out[base + 1] = squash(minimum);
    if (seat >= 0 && p.cash[seat] >= minimum) out[base + 2] = 1;
    out[base + 3 + ((p.aucFrom - me + n) % n)] = 1;
    if (p.aucBidder >= 0) out[base + 3 + n + ((p.aucBidder - me + n) % n)] = 1;
    out[base + 3 + 2 * n + ((p.aucAsked - me + n) % n)] = 1;
    const passed = p.aucPassed;
    for (let s = 0; s < n; s++) if (passed & (1 << s)) out[base + 3 + 3 * n + ((s - me + n) % n)] = 1;
  }

  if (over) {
    const places = ranking(p);
    for (let s = 0; s < n; s++) if (places[s] === 0) out[offset + at.winners + ((s - me + n) % n)] = 1;
  }
  if (p.truncated) out[offset + at.end] = 1;
  if (p.bankrupt) out[offset + at.end + 1] = 1;
  if (seat >= 0) out[offset + at.seat + seat] = 1;
}
