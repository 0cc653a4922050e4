/**
 * What one seat may see (§6): every public fact, its own hand and the known cards of others, and
 * the events since its last decision. Views are plain JSON; their shape is a contract (the golden
 * playthroughs hash every view).
 */
import { bitsOf, listOf } from '../core/arrays.js';
import type { PlayerView } from '../core/game.js';
import { visibleAt } from './binder.js';
import {
  ASSETS,
  BUSINESSES,
  MAX_STEPS,
  MAX_TURNS,
  PAGES,
  PHASES,
  PH_OVER,
  PH_TAX_SELL,
  SLOTS,
  TYPE_COUNT,
} from './components.js';
import type { PhaseName } from './components.js';
import { handLimit, minimumBid, symbolsOf } from './economy.js';
import type { LogEntry, LogKind } from './events.js';
import type { FilthyRichPosition } from './position.js';
import { ranking } from './scoring.js';
import { toAct } from './transitions.js';

/** Everything one seat may see (§6): all public facts, its own hand, and the known cards of others. */
export interface FilthyRichView extends PlayerView {
  readonly phase: PhaseName;
  readonly turn: number;
  readonly maxTurns: number;
  readonly steps: number;
  readonly maxSteps: number;
  /** Whose turn it is (the last one once the game is over). */
  readonly active: number;
  /** Current page c (1..4). */
  readonly page: number;
  /** binder[page - 1][slot - 1] = business whose sign card fills that pocket, -1 = empty. */
  readonly binder: number[][];
  /** visible[slot - 1] = business visible there at the current page (§2.1), -1 = nothing. */
  readonly visible: number[];
  /** Per business: owner seat, -1 = not in play. */
  readonly businessOwner: number[];
  readonly cash: number[];
  readonly handSizes: number[];
  readonly handLimits: number[];
  /** This seat's hand as card types, ascending; [] for the spectator. */
  readonly hand: number[];
  /** Per seat: businesses known to be in that hand (§6: taken with Business Scout). */
  readonly known: number[][];
  /** Per seat: asset kinds owned (0..6). */
  readonly assets: number[][];
  /** Per seat: $ symbols owned (T of §4.5, before Political Connections). */
  readonly symbols: number[];
  /** Per luxury: owner seat, -1 = available, -2 = removed from the game. */
  readonly luxuryOwner: number[];
  /** Per seat: 0 in the game, else its elimination number 1, 2, ... */
  readonly eliminated: number[];
  /** Discard pile as card types, oldest first. */
  readonly discard: number[];
  readonly deckSize: number;
  readonly actionsDone: number;
  /** Card type being resolved, -1 = none. */
  readonly played: number;
  /** Page die result awaiting the Page Turner decision, 0 = none. */
  readonly pageRoll: number;
  readonly tax: null | {
    readonly multiplier: number;
    /** Audit target, -1 = every player. */
    readonly target: number;
    readonly participants: number[];
    /** Seat whose selling window is open, -1 once the payments are done. */
    readonly selling: number;
    readonly eliminated: number[];
    /** Per seat: cash just before the payment step (0 until the payments; §4.5 all-bankrupt ranking). */
    readonly cashBeforePayment: number[];
  };
  readonly auction: null | {
    readonly luxury: number;
    readonly from: number;
    readonly highBid: number;
    /** -1 = no bid yet. */
    readonly highBidder: number;
    readonly minimumBid: number;
    readonly asked: number;
    /** Seats that passed since the last bid (or the start). */
    readonly passed: number[];
  };
  /** Seats in place 0 once the game is over, else []. */
  readonly winners: number[];
  /** Final places once over, else []. */
  readonly ranking: number[];
  readonly truncated: boolean;
  readonly bankrupt: boolean;
  /**
   * Events since this seat's last decision (that decision's own events included), oldest first;
   * the spectator sees the current and the previous turn.
   */
  readonly log: LogEntry[];
}

export function view(p: FilthyRichPosition, player: number): FilthyRichView {
  const n = p.players;
  const over = p.phase === PH_OVER;
  const places = over ? ranking(p) : [];
  const hand: number[] = [];
  if (player >= 0) {
    for (let type = 0; type < TYPE_COUNT; type++)
      for (let k = p.hands[player * TYPE_COUNT + type]; k > 0; k--) hand.push(type);
  }
  const handLimits: number[] = [];
  const known: number[][] = [];
  const assets: number[][] = [];
  const symbols: number[] = [];
  const winners: number[] = [];
  for (let s = 0; s < n; s++) {
    handLimits.push(handLimit(p, s));
    known.push(bitsOf(p.known[s], BUSINESSES.length));
    assets.push(bitsOf(p.assets[s], ASSETS.length));
    symbols.push(symbolsOf(p, s));
    if (places[s] === 0) winners.push(s);
  }
  const binder: number[][] = [];
  for (let page = 0; page < PAGES; page++) binder.push(listOf(p.binder, page * SLOTS, page * SLOTS + SLOTS));
  const visible: number[] = [];
  for (let slot = 1; slot <= SLOTS; slot++) visible.push(visibleAt(p, slot));
  const tax =
    p.taxK === 0
      ? null
      : {
          multiplier: p.taxK,
          target: p.taxTarget,
          participants: p.taxOrder.slice(),
          selling: p.phase === PH_TAX_SELL ? p.taxOrder[p.taxIndex] : -1,
          eliminated: p.taxElim.slice(),
          cashBeforePayment: listOf(p.preTaxCash, 0, n),
        };
  const auction =
    p.aucLux < 0
      ? null
      : {
          luxury: p.aucLux,
          from: p.aucFrom,
          highBid: p.aucHigh,
          highBidder: p.aucBidder,
          minimumBid: minimumBid(p),
          asked: p.aucAsked,
          passed: bitsOf(p.aucPassed, n),
        };
  return {
    seat: player,
    players: n,
    toAct: toAct(p),
    isOver: over,
    phase: PHASES[p.phase],
    turn: p.turn,
    maxTurns: MAX_TURNS,
    steps: p.steps,
    maxSteps: MAX_STEPS,
    active: p.active,
    page: p.page,
    binder,
    visible,
    businessOwner: listOf(p.bizOwner, 0, BUSINESSES.length),
    cash: listOf(p.cash, 0, n),
    handSizes: listOf(p.handSize, 0, n),
    handLimits,
    hand,
    known,
    assets,
    symbols,
    luxuryOwner: listOf(p.luxOwner, 0, p.luxOwner.length),
    eliminated: listOf(p.elim, 0, n),
    discard: p.discard.slice(),
    deckSize: p.deck.length,
    actionsDone: p.actionsDone,
    played: p.played,
    pageRoll: p.pageRoll,
    tax,
    auction,
    winners,
    ranking: places,
    truncated: p.truncated,
    bankrupt: p.bankrupt,
    log: logOf(p, player),
  };
}

/** A log record as views carry it: the turn, every record's first argument, is the entry's own field. */
function toEntry(kind: string, args: number[]): LogEntry {
  return { kind: kind as LogKind, turn: args[0], args: args.slice(1) };
}

/**
 * Events since this seat's last decision (that decision's own events included), oldest first; the
 * spectator sees the current and the previous turn. The entries are converted once per record
 * (EventLog.mapEntries keeps them, frozen, between views).
 */
function logOf(p: FilthyRichPosition, seat: number): LogEntry[] {
  const all = p.log.mapEntries(toEntry);
  let from: number;
  if (seat >= 0) {
    from = Math.max(0, p.lastMove[seat] - p.logBase);
  } else {
    // The spectator's log starts at the first record of the previous turn (or later).
    from = 0;
    while (from < all.length && all[from].turn < p.turn - 1) from++;
  }
  return from === 0 ? all : all.slice(from);
}
