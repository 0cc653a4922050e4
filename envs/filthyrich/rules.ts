/**
 * Filthy Rich (2-5 players): run businesses whose signs fill a four-page binder, collect on the
 * dice, pay taxes on every 0, and be the first to own three luxuries (or the last one solvent).
 * Rules: shared/rules/filthyrich.md. Config: none ({}). Transitions live in flow.ts, the position
 * data and derived facts in table.ts, the saved-state format in saved-state.ts; actions are §9's.
 */
import { AgoraError, IllegalActionError } from '../core/errors.js';
import type { GameState, NewGameOptions, PlayerView } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import {
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  IRS_AUDIT,
  LUXURIES_TO_WIN,
  PAGES,
  SLOTS,
  TYPE_COUNT,
  cardLabel,
  fireCost,
  luxuryLabel,
  saleValue,
} from './cards.js';
import { encodeFilthyRich } from './encode.js';
import { applyUnchecked, setupTable } from './flow.js';
import { isLegal, legalActions } from './legal.js';
import { RECORD, logEntries, type LogEntry } from './log.js';
import { GAME, tableFromJson, tableToJson, type FilthyRichJson } from './saved-state.js';
import {
  ACTION_SIZE,
  A_ANCHOR,
  A_BID,
  A_BUY,
  A_CHOOSE,
  A_DISCARD,
  A_END,
  A_PAGE,
  A_PLAY,
  A_REROLL,
  A_SELL,
  A_TARGET,
  BID_STEPS,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
  MIN_PLAYERS,
  PHASES,
  PH_ANCHOR,
  PH_AUCTION,
  PH_BUY,
  PH_CARD,
  PH_CHOOSE,
  PH_OVER,
  PH_PAGE_TURNER,
  PH_PRE_ROLL,
  PH_TARGET,
  PH_TAX_SELL,
  cellsOf,
  cloneTable,
  coverFee,
  handLimit,
  luxuryValue,
  minimumBid,
  playedAction,
  symbolsOf,
  taxOwed,
  toAct,
  visibleAt,
  type PhaseName,
  type Table,
} from './table.js';

export { ACTION_SIZE, MAX_PLAYERS, MAX_STEPS, MAX_TURNS, MIN_PLAYERS, PHASES, type PhaseName } from './table.js';
export { GAME, positionJson, type FilthyRichJson, type PositionSpec } from './saved-state.js';

/** The config object; Filthy Rich has no options. */
export type FilthyRichConfig = Record<string, never>;

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  buy: 'buy luxuries or sell businesses, then end the buy step',
  card: 'play or discard a card (or sell a business)',
  anchor: 'choose where the sign goes on the current page',
  target: 'choose a player as the target',
  page: 'choose the page the binder turns to',
  choose: 'choose a business',
  preRoll: 'sell businesses or roll the business dice',
  taxSell: 'sell businesses before paying tax, or be done',
  pageTurner: 'keep the page die or re-roll it (Page Turner)',
  auction: 'bid for the luxury or pass',
  over: 'nothing: the game is over',
};

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

export class FilthyRichState implements GameState<FilthyRichView> {
  readonly players: number;

  private constructor(private t: Table) {
    this.players = t.players;
  }

  static newGame(options: NewGameOptions<FilthyRichConfig>): FilthyRichState {
    assertPlayerCount({ name: GAME, minPlayers: MIN_PLAYERS, maxPlayers: MAX_PLAYERS }, options.players);
    const config: unknown = options.config;
    if (config !== undefined && (typeof config !== 'object' || config === null || Object.keys(config).length > 0)) {
      throw new AgoraError('bad_request', `${GAME}: the game has no config options; got ${JSON.stringify(config)}`);
    }
    return new FilthyRichState(setupTable(options.players, Rng.fromSeed(options.seed)));
  }

  static fromJSON(json: unknown): FilthyRichState {
    return new FilthyRichState(tableFromJson(json));
  }

  currentPlayer(): number {
    return toAct(this.t);
  }

  legalActions(): number[] {
    return legalActions(this.t);
  }

  isTerminal(): boolean {
    return this.t.phase === PH_OVER;
  }

  isTruncated(): boolean {
    return this.t.truncated;
  }

  /**
   * §7: the winner first; players still in by luxuries, their total price, then cash; eliminated
   * players below, later eliminations higher. In the all-bankrupt end (§4.5) the players of the
   * last event rank above earlier ones, by luxuries, then cash just before that payment step.
   */
  ranking(): number[] {
    const t = this.t;
    const lastEvent = t.bankrupt ? Array.from(t.taxElim.subarray(0, t.taxElimN)) : [];
    const keys: number[][] = [];
    for (let s = 0; s < t.players; s++) {
      if (s === t.winner) keys.push([3]);
      else if (t.elim[s] === 0) keys.push([2, t.luxCount[s], luxuryValue(t, s), t.cash[s]]);
      else if (lastEvent.includes(s)) keys.push([1, MAX_PLAYERS + 1, t.luxCount[s], t.preTaxCash[s]]);
      else keys.push([1, t.elim[s]]);
    }
    return rankByKeys(keys);
  }

  /** §7: luxuries owned; 0 for eliminated players. */
  scores(): number[] {
    const t = this.t;
    return Array.from({ length: t.players }, (_, s) => (t.elim[s] === 0 ? t.luxCount[s] : 0));
  }

  applyAction(action: number): void {
    if (!isLegal(this.t, action)) {
      throw new IllegalActionError(
        GAME,
        this.currentPlayer(),
        action,
        this.whyIllegal(action),
        this.legalActions().map((a) => `${a}=${this.actionToString(a)}`),
      );
    }
    applyUnchecked(this.t, action);
  }

  /** Why an action isLegal rejected is illegal (messages only; isLegal decides). */
  private whyIllegal(action: number): string {
    const t = this.t;
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE)
      return `actions are integers 0..${ACTION_SIZE - 1}`;
    if (t.phase === PH_OVER) return 'the game is over';
    const seat = toAct(t);
    const label = this.actionToString(action);
    const now = `now seat ${seat} must ${DECISION_TEXT[PHASES[t.phase]]}`;
    if (action >= A_PLAY && action < A_ANCHOR && t.phase === PH_CARD) {
      const type = (action - A_PLAY) % TYPE_COUNT;
      if (t.hands[seat * TYPE_COUNT + type] === 0) return `'${label}': seat ${seat} holds no ${CARD_TYPES[type].name}`;
      return `'${label}' is not playable now (cost, room on page ${t.page}, an owned asset of that kind, or no valid target)`;
    }
    if (action >= A_BUY && action < A_SELL && t.phase === PH_BUY)
      return `'${label}': not available or not affordable with $${t.cash[seat]}`;
    if (action >= A_SELL && action < A_PLAY) return `'${label}': seat ${seat} does not own it or cannot sell now`;
    return `'${label}' is not one of the choices: ${now}`;
  }

  view(player: number): FilthyRichView {
    const t = this.t;
    const n = t.players;
    const over = t.phase === PH_OVER;
    const ranking = over ? this.ranking() : [];
    const hand: number[] = [];
    if (player >= 0) {
      for (let type = 0; type < TYPE_COUNT; type++)
        for (let k = t.hands[player * TYPE_COUNT + type]; k > 0; k--) hand.push(type);
    }
    const handLimits: number[] = [];
    const known: number[][] = [];
    const assets: number[][] = [];
    const symbols: number[] = [];
    const winners: number[] = [];
    for (let s = 0; s < n; s++) {
      handLimits.push(handLimit(t, s));
      known.push(bitsOf(t.known[s], BUSINESSES.length));
      assets.push(bitsOf(t.assets[s], ASSETS.length));
      symbols.push(symbolsOf(t, s));
      if (ranking[s] === 0) winners.push(s);
    }
    const binder: number[][] = [];
    for (let p = 0; p < PAGES; p++) binder.push(listOf(t.binder, p * SLOTS, p * SLOTS + SLOTS));
    const visible: number[] = [];
    for (let slot = 1; slot <= SLOTS; slot++) visible.push(visibleAt(t, slot));
    const tax =
      t.taxK === 0
        ? null
        : {
            multiplier: t.taxK,
            target: t.taxTarget,
            participants: listOf(t.taxOrder, 0, t.taxN),
            selling: t.phase === PH_TAX_SELL ? t.taxOrder[t.taxIndex] : -1,
            eliminated: listOf(t.taxElim, 0, t.taxElimN),
            cashBeforePayment: listOf(t.preTaxCash, 0, n),
          };
    const auction =
      t.aucLux < 0
        ? null
        : {
            luxury: t.aucLux,
            from: t.aucFrom,
            highBid: t.aucHigh,
            highBidder: t.aucBidder,
            minimumBid: minimumBid(t),
            asked: t.aucAsked,
            passed: bitsOf(t.aucPassed, n),
          };
    return {
      seat: player,
      players: n,
      toAct: this.currentPlayer(),
      isOver: over,
      phase: PHASES[t.phase],
      turn: t.turn,
      maxTurns: MAX_TURNS,
      steps: t.steps,
      maxSteps: MAX_STEPS,
      active: t.active,
      page: t.page,
      binder,
      visible,
      businessOwner: listOf(t.bizOwner, 0, BUSINESSES.length),
      cash: listOf(t.cash, 0, n),
      handSizes: listOf(t.handSize, 0, n),
      handLimits,
      hand,
      known,
      assets,
      symbols,
      luxuryOwner: listOf(t.luxOwner, 0, t.luxOwner.length),
      eliminated: listOf(t.elim, 0, n),
      discard: t.discard.slice(0, t.discardLen),
      deckSize: t.deckEnd - t.deckTop,
      actionsDone: t.actionsDone,
      played: t.played,
      pageRoll: t.pageRoll,
      tax,
      auction,
      winners,
      ranking,
      truncated: t.truncated,
      bankrupt: t.bankrupt,
      log: logEntries(
        t.log,
        player >= 0 ? Math.max(0, t.lastMove[player] - t.logBase) : firstRecordOfTurn(t, t.turn - 1),
      ),
    };
  }

  observation(player: number): Float32Array {
    return encodeFilthyRich(this.view(player));
  }

  /**
   * §6: pools every card `player` cannot see (the other hands except their known businesses, and
   * the deck), in ascending type order, shuffles the pool with `rng`, refills the other hands seat
   * by seat and then the deck with the same counts, and reseeds the world's RNG.
   */
  determinize(player: number, rng: Rng): FilthyRichState {
    const t = this.t;
    const world = cloneTable(t, t.rng);
    const pool: number[] = [];
    const unknown = new Array<number>(t.players).fill(0);
    for (let q = 0; q < t.players; q++) {
      if (q === player) continue;
      for (let type = 0; type < TYPE_COUNT; type++) {
        const i = q * TYPE_COUNT + type;
        const hidden = world.hands[i] - (type < ASSET_TYPE_BASE && (world.known[q] & (1 << type)) !== 0 ? 1 : 0);
        for (let k = 0; k < hidden; k++) pool.push(type);
        world.hands[i] -= hidden;
        unknown[q] += hidden;
      }
    }
    for (let i = world.deckTop; i < world.deckEnd; i++) pool.push(world.deck[i]);
    pool.sort((a, b) => a - b);
    rng.shuffleInPlace(pool);
    let next = 0;
    for (let q = 0; q < t.players; q++) {
      for (let k = 0; k < unknown[q]; k++) world.hands[q * TYPE_COUNT + pool[next++]]++;
    }
    const deckSize = pool.length - next;
    for (let i = 0; i < deckSize; i++) world.deck[i] = pool[next + i];
    world.deckTop = 0;
    world.deckEnd = deckSize;
    // Unused tails are cleared too, so the world is a function of view(player) and rng alone.
    world.deck.fill(0, deckSize);
    world.discard.fill(0, world.discardLen);
    world.rng = rng.fork('world');
    return new FilthyRichState(world);
  }

  clone(): FilthyRichState {
    return new FilthyRichState(cloneTable(this.t));
  }

  /**
   * Labels people read, from public facts only: 'buy Trophy Spouse ($15)', 'sell Karaoke Bar (+$4)',
   * 'play Tornado Cleaners ($12)', 'discard Windfall (+$1)', 'place on slots 3+6 (fee $2)',
   * 'audit seat 2', 'turn to page 3', 'take Used Car Lot ($9)', 'burn Grand Hotel of seat 1 (pay $9)',
   * 'bid $7', 'pass', 'roll the dice', 're-roll the page die'.
   */
  actionToString(action: number): string {
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
    const t = this.t;
    const phase = t.phase;
    if (action === A_END) {
      switch (phase) {
        case PH_BUY:
          return 'end the buy step';
        case PH_PRE_ROLL:
          return 'roll the dice';
        case PH_TAX_SELL:
          return 'done selling';
        case PH_PAGE_TURNER:
          return `keep the page die (${t.pageRoll})`;
        case PH_AUCTION:
          return 'pass';
        default:
          return 'end / pass';
      }
    }
    if (action < A_SELL) return `buy ${luxuryLabel(action - A_BUY)}`;
    if (action < A_PLAY) return `sell ${BUSINESSES[action - A_SELL].name} (+$${saleValue(action - A_SELL)})`;
    if (action < A_DISCARD) return `play ${cardLabel(action - A_PLAY)}`;
    if (action < A_ANCHOR) return `discard ${CARD_TYPES[action - A_DISCARD].name} (+$1)`;
    if (action < A_TARGET) {
      const anchor = action - A_ANCHOR + 1;
      if (phase !== PH_ANCHOR) return `anchor at slot ${anchor}`;
      const fee = coverFee(t, t.active, t.played, anchor);
      return `place on slot${cellsOf(t.played, anchor).length > 1 ? 's' : ''} ${cellsOf(t.played, anchor).join('+')}${fee > 0 ? ` (fee $${fee})` : ''}`;
    }
    if (action < A_PAGE) {
      const seat = action - A_TARGET;
      if (phase !== PH_TARGET) return `target seat ${seat}`;
      return playedAction(t) === IRS_AUDIT ? `audit seat ${seat}` : `shake down seat ${seat}`;
    }
    if (action < A_CHOOSE) return `turn to page ${action - A_PAGE + 1}`;
    if (action < A_BID) {
      const b = action - A_CHOOSE;
      if (phase !== PH_CHOOSE) return `choose ${BUSINESSES[b].name}`;
      if (playedAction(t) === BUSINESS_SCOUT) return `take ${cardLabel(b)}`;
      return `burn ${BUSINESSES[b].name} of seat ${t.bizOwner[b]} (pay $${fireCost(b)})`;
    }
    if (action < A_REROLL) {
      const step = BID_STEPS[action - A_BID];
      return phase === PH_AUCTION ? `bid $${minimumBid(t) + step}` : `bid the minimum + $${step}`;
    }
    return 're-roll the page die';
  }

  toJSON(): FilthyRichJson {
    return tableToJson(this.t);
  }

  /** Public facts for evaluate (all in every view). */
  cashOf(seat: number): number {
    return this.t.cash[seat];
  }

  luxuriesOf(seat: number): number {
    return this.t.luxCount[seat];
  }

  isEliminated(seat: number): boolean {
    return this.t.elim[seat] !== 0;
  }

  /** What a seat's businesses cost to open (public). */
  businessCostOf(seat: number): number {
    let sum = 0;
    for (let b = 0; b < BUSINESSES.length; b++) if (this.t.bizOwner[b] === seat) sum += BUSINESSES[b].cost;
    return sum;
  }

  /** What one tax with k = 1 takes from a seat: max(0, T − R) of §4.5. */
  taxBaseOf(seat: number): number {
    return taxOwed(this.t, seat, 1);
  }

  /** Sum of the hit values of a seat's visible sign cards at the current page: its expected income per die × 10. */
  incomeOf(seat: number): number {
    let sum = 0;
    for (let slot = 1; slot <= SLOTS; slot++) {
      const b = visibleAt(this.t, slot);
      if (b >= 0 && this.t.bizOwner[b] === seat) sum += BUSINESSES[b].hit;
    }
    return sum;
  }
}

/** Indexes of the set bits of `mask` below `size`, ascending. */
function bitsOf(mask: number, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < size; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

/** A plain array copy of part of a typed array (views are plain JSON). */
function listOf(from: ArrayLike<number>, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start; i < end; i++) out.push(from[i]);
  return out;
}

function firstRecordOfTurn(t: Table, turn: number): number {
  let i = 0;
  while (i * RECORD < t.log.length && t.log[i * RECORD + 1] < turn) i++;
  return i;
}

/**
 * Chance of going bankrupt before one's next turn when cash covers less than one, two or three
 * times the tax base: every roll of every player can start a tax event (up to 34% a roll at page
 * 4) and several zeros multiply it. Tuned on greedy play against random play (see the README).
 */
const DANGER: readonly number[] = [0.95, 0.75, 0.45];

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, progress
 * toward three luxuries against the best rival, kept strictly inside (-1, 1). A seat's progress
 * counts luxuries, wealth with diminishing weight (cash plus most of what its businesses cost, so
 * opening a business is no loss but selling one is) and income from visible signs, and is pulled
 * toward -1 (elimination) by the danger of a tax it could not pay.
 */
export function evaluatePosition(state: FilthyRichState, player: number): number {
  if (state.isTerminal()) return returnsFromRanking(state.ranking())[player];
  const progress = (seat: number): number => {
    if (state.isEliminated(seat)) return -1;
    const cash = state.cashOf(seat);
    const wealth = cash + 0.7 * state.businessCostOf(seat);
    // $25 of wealth is worth about half a cheap luxury; wealth never counts as much as a luxury.
    const standing =
      state.luxuriesOf(seat) + 0.8 * (1 - Math.exp(-wealth / 25)) + Math.min(0.3, state.incomeOf(seat) / 40);
    const base = state.taxBaseOf(seat);
    const covered = base === 0 ? DANGER.length : Math.floor(cash / base);
    const danger = covered < DANGER.length ? DANGER[covered] : 0;
    return (1 - danger) * standing - danger;
  };
  const mine = progress(player);
  let best = -Infinity;
  for (let s = 0; s < state.players; s++) if (s !== player) best = Math.max(best, progress(s));
  // Progress lies in [-1, LUXURIES_TO_WIN + 1.1), so the margin is below 5.1 in size.
  const value = (mine - best) / (LUXURIES_TO_WIN + 3);
  return Math.max(-0.95, Math.min(0.95, value));
}
