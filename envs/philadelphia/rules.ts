/**
 * Philadelphia (2-4 players): advertising agents post ad cards that a die establishes for gold or
 * that default, chain card effects, and score VP only by submitting sets from hand; first to 10 VP
 * at a round's end (cap 40 rounds). Rules: shared/rules/philadelphia.md. Config: none ({}).
 * Transitions live in flow.ts, legality and the §9 action numbers in legal.ts, the saved-state
 * format in saved-state.ts.
 */
import { AgoraError, IllegalActionError } from '../core/errors.js';
import type { GameState, NewGameOptions, PlayerView } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import type { Rng } from '../core/rng.js';
import { AD_KINDS, INDUSTRIES, ITEM_BOOM, ITEM_KINDS, KIND_COUNT, regularKind, setLabel } from './cards.js';
import { encodePhiladelphia } from './encode.js';
import { applyUnchecked, newTable } from './flow.js';
import {
  ACTION_SIZE,
  A_ACQUIRE_MENU,
  A_DISCARD_BASE,
  A_DOCTOR_BASE,
  A_DONE,
  A_EXPLORE,
  A_HEADHUNT_FIRST,
  A_ITEM_BASE,
  A_MR_BASE,
  A_OPP_BASE,
  A_PASS,
  A_POST_BASE,
  A_POST_MENU,
  A_PURCHASE_MENU,
  A_REVEAL_BASE,
  A_SET_BASE,
  A_SLOT_BASE,
  A_SUBMIT,
  isLegal,
  legalActions,
} from './legal.js';
import { GAME, tableFromJson, tableToJson, type PhiladelphiaJson } from './saved-state.js';
import {
  C,
  CONTEXTS,
  FRAMES,
  FRAME_SIZE,
  HAND_LIMIT,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_ROUNDS,
  MIN_PLAYERS,
  PHASES,
  PH_ACTION,
  PH_OVER,
  WIN_VP,
  acquireCost,
  cloneTable,
  logEnd,
  postCost,
  turnSeat,
  type ContextName,
  type FrameName,
  type PhaseName,
  type Table,
} from './table.js';

export { ACTION_SIZE } from './legal.js';
export { GAME, positionJson, type PhiladelphiaJson, type PositionSpec } from './saved-state.js';
export { MAX_ROUNDS, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS, WIN_VP } from './table.js';

/** The config object; Philadelphia has no options. */
export type PhiladelphiaConfig = Record<string, never>;

/**
 * An honest bound on decisions (applyAction calls) per game. Per action at most 2 choices (the
 * kind, then its parameter) plus its sub-decisions, which are bounded by the 85 cards: Job Change
 * asks once per card discarded plus the stop (<= 86), Submit once per set plus the stop (<= 37),
 * Overtime at most 2 x (a pick + a chain of <= 5 postings x <= 3 questions) + the stop = 33. So at
 * most 2 + 86 = 88 per action, 2 actions a turn; the Adoption phase asks at most 2 picks for each
 * of the 4 Foresters. Rounds are capped at 40.
 */
export const MAX_DECISIONS_PER_ACTION = 2 + 86;
export const maxGameLength = (players: number): number => MAX_ROUNDS * (players * 2 * MAX_DECISIONS_PER_ACTION + 4 * 2);

/** What the seat to act decides in each context (messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<ContextName, string>> = {
  MAIN: 'choose an action: explore, acquire, post, purchase or submit',
  ACQUIRE_COUNT: 'choose how many cards to acquire',
  POST_PICK: 'choose a card to post',
  ITEM_PICK: 'choose an item to buy',
  EXPLORE_PICK: 'take one of the revealed cards',
  TAXI_PICK: 'Taxi Company: take a second revealed card, or not',
  SET_SELECT: 'choose a set to submit (or finish)',
  DESIGN_TARGET: 'Design Office: choose an ad whose [POST] effect resolves again, or none',
  FIRE_TARGET: 'Fire Station: choose an ad to return to hand, or none',
  POLICE_TARGET: "Police Station: choose an opponent's ad to get a month marker",
  DOCTOR_MARKERS: 'Doctor: place 0, 1 or 2 month markers on the Doctor',
  MINER_DISCARD: 'Miner: discard a card',
  SUPERVISOR_POST: 'Site Supervisor: post a card for free, or none',
  OVERTIME_POST: 'Overtime: post a card, or stop',
  JOB_DISCARD: 'Job Change: discard a card, or stop and draw as many as discarded',
  RENEWAL_TARGET: 'Contract Renewal: remove a month marker, or stop',
  MR_PICK: 'Market Research: take one of the revealed cards',
  PRESS_TARGET: 'Press Release: choose an ad to establish now',
  HEADHUNT_TARGET: 'Headhunting: choose an opponent to take a random card from',
  FORESTER_DISCARD: 'Forester: discard a card, or stop and draw as many as discarded',
  NONE: 'nothing: the game is over',
};

/** A continuation frame: posting [seat, card, W], overtime [seat, posted, 0], item [seat, slot, item], ... */
export type PendingFrame = [frame: FrameName, a: number, b: number, c: number];

/** Everything one seat may see (§6); view(-1) is the spectator's (no hand). */
export interface PhiladelphiaView extends PlayerView {
  readonly phase: PhaseName;
  readonly round: number;
  readonly maxRounds: number;
  readonly startPlayer: number;
  /** Seat whose turn it is; -1 outside the Action phase. */
  readonly turnSeat: number;
  readonly actionsLeft: number;
  readonly purchased: boolean;
  readonly decision: {
    readonly context: ContextName;
    /** Picks made so far in this decision (discards, sets, markers removed...). */
    readonly count: number;
    /** FIRE_TARGET / DOCTOR_MARKERS: the slot of the card resolving; else -1. */
    readonly self: number;
  };
  /** The viewer's hand as kinds, ascending (one entry per card); null for the spectator. */
  readonly hand: number[] | null;
  readonly handSizes: number[];
  /** Publicly known cards of every hand as kinds, ascending (§6). */
  readonly known: number[][];
  /** fieldKinds[seat][slot] = kind of each posted ad, slot 0 the oldest (§2.4). */
  readonly fieldKinds: number[][];
  /** fieldMarkers[seat][slot] = its month markers (parallel to fieldKinds). */
  readonly fieldMarkers: number[][];
  readonly gold: number[];
  readonly vp: number[];
  readonly adDeckSize: number;
  /** The face-up ad discard pile, copies per kind. */
  readonly adDiscard: number[];
  /** Cards on display (Explore / Market Research) in reveal order: [kind, taken into a hand]. */
  readonly revealed: [kind: number, taken: boolean][];
  /** Set ids selected in the Submit being made. */
  readonly submitting: number[];
  readonly items: {
    /** Item kind per slot; -1 while its item is bought and resolving. */
    readonly slots: number[];
    readonly deckSize: number;
    /** Item discard pile, copies per item kind. */
    readonly discard: number[];
    readonly boom: boolean;
    /** The item being resolved, -1 if none. */
    readonly active: number;
  };
  /** Last die roll, 0 before the first Adoption phase. */
  readonly lastDie: number;
  /** Continuation frames, bottom first (what resumes after the decision on top). */
  readonly pending: PendingFrame[];
  /** Seats in place 0 once the game is over, else []. */
  readonly winners: number[];
  readonly truncated: boolean;
  /**
   * Public events since the least recent seat's last decision, oldest first, as packed records (one
   * number each; log.ts logEntry decodes one into [kind, seat, ...args]). Numbers keep views small:
   * views are built for every observation.
   */
  readonly log: number[];
  /**
   * Index into `log` of the first event since this seat's last decision (for the spectator: since
   * the last decision of the seat to act).
   */
  readonly newFrom: number;
}

export class PhiladelphiaState implements GameState<PhiladelphiaView> {
  readonly players: number;

  private constructor(private t: Table) {
    this.players = t.players;
  }

  static newGame(options: NewGameOptions<PhiladelphiaConfig>): PhiladelphiaState {
    assertPlayerCount({ name: GAME, minPlayers: MIN_PLAYERS, maxPlayers: MAX_PLAYERS }, options.players);
    const config: unknown = options.config;
    if (config !== undefined && (typeof config !== 'object' || config === null || Object.keys(config).length > 0)) {
      throw new AgoraError('bad_request', `${GAME}: the game has no config options; got ${JSON.stringify(config)}`);
    }
    return new PhiladelphiaState(newTable(options.players, options.seed));
  }

  static fromJSON(json: unknown): PhiladelphiaState {
    return new PhiladelphiaState(tableFromJson(json));
  }

  /** The table, for the position tests and evaluate (read only by convention). */
  get table(): Readonly<Table> {
    return this.t;
  }

  currentPlayer(): number {
    return this.t.phase === PH_OVER ? -1 : this.t.actor;
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

  /** §7.4: VP, then gold, both descending; equal seats share a place (natural end and cap alike). */
  ranking(): number[] {
    const keys: number[][] = [];
    for (let s = 0; s < this.players; s++) keys.push([this.t.vp[s], this.t.gold[s]]);
    return rankByKeys(keys);
  }

  /** §7.4: each seat's VP. */
  scores(): number[] {
    return this.t.vp.slice();
  }

  applyAction(action: number): void {
    const reason = this.whyIllegal(action);
    if (reason !== undefined) {
      throw new IllegalActionError(
        GAME,
        this.currentPlayer(),
        action,
        reason,
        this.legalActions().map((a) => `${a}=${this.actionToString(a)}`),
      );
    }
    const t = this.t;
    t.lastMove[t.actor] = logEnd(t);
    applyUnchecked(t, action);
  }

  /** Why `action` is not legal now, or undefined if it is. Reads only. */
  private whyIllegal(action: number): string | undefined {
    const t = this.t;
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE)
      return `actions are integers 0..${ACTION_SIZE - 1}`;
    if (t.phase === PH_OVER) return 'the game is over';
    if (isLegal(t, action)) return undefined;
    const must = `seat ${t.actor} must ${DECISION_TEXT[CONTEXTS[t.ctx]]}`;
    if (t.ctx !== C.MAIN) return `'${this.actionToString(action)}' is not one of the choices now: ${must}`;
    const seat = t.actor;
    switch (action) {
      case A_EXPLORE:
        return t.handSize[seat] >= HAND_LIMIT
          ? `Explore needs a hand of at most ${HAND_LIMIT - 1} cards`
          : 'the ad deck and discard pile are empty';
      case A_ACQUIRE_MENU:
        return `Acquire needs room in the hand (limit ${HAND_LIMIT}), a card to draw and ${acquireCost(t, seat, 1)} gold`;
      case A_POST_MENU:
        return 'no card in the hand can be posted now (empty hand, full field or not enough gold)';
      case A_PURCHASE_MENU:
        if (t.round < 2) return 'nothing can be purchased in round 1';
        return t.purchased ? 'only one Purchase per turn' : 'no face-up item is affordable';
      case A_SUBMIT:
        return 'the hand holds no valid set';
      case A_PASS:
        return 'Pass is legal only when no other action is';
      default:
        return `'${this.actionToString(action)}' is not a turn action: ${must}`;
    }
  }

  view(player: number): PhiladelphiaView {
    const t = this.t;
    const n = this.players;
    const seats = Array.from({ length: n }, (_, s) => s);
    const kinds = (arr: readonly number[], seat: number) => {
      const out: number[] = [];
      for (let k = 0; k < KIND_COUNT; k++) for (let c = arr[seat * KIND_COUNT + k]; c > 0; c--) out.push(k);
      return out;
    };
    const fieldOf = (arr: readonly number[], s: number) => arr.slice(s * MAX_FIELD, s * MAX_FIELD + t.fieldLen[s]);
    const revealed: [number, boolean][] = [];
    for (let i = 0; i < t.revealedLen; i++) revealed.push([t.revealed[i], (t.revealedTaken & (1 << i)) !== 0]);
    const pending: PendingFrame[] = [];
    for (let f = 0; f < t.stackLen; f++) {
      const at = f * FRAME_SIZE;
      pending.push([FRAMES[t.stack[at]], t.stack[at + 1], t.stack[at + 2], t.stack[at + 3]]);
    }
    const events = t.log.length;
    const isOver = t.phase === PH_OVER;
    const ranking = isOver ? this.ranking() : [];
    return {
      seat: player,
      players: n,
      toAct: this.currentPlayer(),
      isOver,
      phase: PHASES[t.phase],
      round: t.round,
      maxRounds: MAX_ROUNDS,
      startPlayer: t.start,
      turnSeat: t.phase === PH_ACTION ? turnSeat(t) : -1,
      actionsLeft: t.actionsLeft,
      purchased: t.purchased === 1,
      decision: { context: CONTEXTS[t.ctx], count: t.ctxCount, self: t.ctxArg },
      hand: player >= 0 && player < n ? kinds(t.hands, player) : null,
      handSizes: t.handSize.slice(),
      known: seats.map((s) => kinds(t.known, s)),
      fieldKinds: seats.map((s) => fieldOf(t.fieldKind, s)),
      fieldMarkers: seats.map((s) => fieldOf(t.fieldMarkers, s)),
      gold: t.gold.slice(),
      vp: t.vp.slice(),
      adDeckSize: t.deckLen,
      adDiscard: t.discard.slice(),
      revealed,
      submitting: t.submitSets.slice(0, t.submitLen),
      items: {
        slots: t.itemSlots.slice(),
        deckSize: t.itemDeckLen,
        discard: t.itemDiscard.slice(0, ITEM_BOOM),
        boom: t.boom === 1,
        active: t.activeItem,
      },
      lastDie: t.lastDie,
      pending,
      winners: seats.filter((s) => ranking[s] === 0),
      truncated: t.truncated,
      log: t.log.slice(),
      // The spectator's "new" events are those since the last decision of the seat to act.
      newFrom: Math.max(
        0,
        Math.min(events, t.lastMove[player >= 0 && player < n ? player : Math.max(t.actor, 0)] - t.logBase),
      ),
    };
  }

  observation(player: number): Float32Array {
    return encodePhiladelphia(this.view(player));
  }

  /**
   * §6 / §9: pools every ad card `player` cannot see (the unknown part of every other hand and the
   * whole ad deck) in ascending kind order, shuffles it with `rng` and deals it back into the same
   * slots (seats ascending, then the deck top first); the item deck order is reshuffled the same
   * way; then the world's RNG is reseeded. Every input is part of view(player), so equal views and
   * equal rng states give equal worlds.
   */
  determinize(player: number, rng: Rng): PhiladelphiaState {
    const w = cloneTable(this.t);
    const pool = new Array<number>(KIND_COUNT).fill(0);
    const need = new Array<number>(this.players).fill(0);
    for (let s = 0; s < this.players; s++) {
      if (s === player) continue;
      for (let k = 0; k < KIND_COUNT; k++) {
        const i = s * KIND_COUNT + k;
        const hidden = w.hands[i] - w.known[i];
        pool[k] += hidden;
        need[s] += hidden;
        w.hands[i] = w.known[i];
      }
    }
    for (let i = 0; i < w.deckLen; i++) pool[w.deck[i]]++;
    const cards: number[] = [];
    for (let k = 0; k < KIND_COUNT; k++) for (let c = 0; c < pool[k]; c++) cards.push(k);
    rng.shuffleInPlace(cards);
    let next = 0;
    for (let s = 0; s < this.players; s++) {
      for (let c = 0; c < need[s]; c++) w.hands[s * KIND_COUNT + cards[next++]]++;
    }
    for (let i = 0; i < w.deckLen; i++) w.deck[i] = cards[cards.length - 1 - i];
    const items = w.itemDeck.slice(0, w.itemDeckLen).sort((a, b) => a - b);
    rng.shuffleInPlace(items);
    for (let i = 0; i < items.length; i++) w.itemDeck[i] = items[items.length - 1 - i];
    w.rng = rng.fork('world').state();
    return new PhiladelphiaState(w);
  }

  clone(): PhiladelphiaState {
    return new PhiladelphiaState(cloneTable(this.t));
  }

  /**
   * Labels people read: 'explore', 'post Cafe (cost 1)', 'buy Overtime (slot 1, 3 gold)',
   * 'Pair of Cafe (1 VP)', 'return Cafe (slot 1) to hand'... Cards are named only where they are
   * public or the actor's own, so a label never reveals more than its context shows.
   */
  actionToString(action: number): string {
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
    const t = this.t;
    const seat = t.actor;
    const ctx = t.ctx;
    const name = (kind: number) => AD_KINDS[kind].name;
    const slotName = (s: number, slot: number) =>
      seat >= 0 && slot < t.fieldLen[s] ? `${name(t.fieldKind[s * MAX_FIELD + slot])} (slot ${slot})` : `slot ${slot}`;
    if (action === A_EXPLORE) return 'explore';
    if (action < A_POST_BASE) {
      const cards = action === 1 ? '1 card' : `${action} cards`;
      return ctx === C.ACQUIRE_COUNT ? `acquire ${cards} for ${acquireCost(t, seat, action)} gold` : `acquire ${cards}`;
    }
    if (action < A_ITEM_BASE) {
      const kind = action - A_POST_BASE;
      if (ctx === C.SUPERVISOR_POST) return `post ${name(kind)} free`;
      if (ctx === C.POST_PICK || ctx === C.OVERTIME_POST)
        return `post ${name(kind)} (cost ${postCost(t, seat, kind, false)})`;
      return `post ${name(kind)}`;
    }
    if (action < A_SUBMIT) {
      const slot = action - A_ITEM_BASE;
      const item = t.itemSlots[slot];
      return item >= 0
        ? `buy ${ITEM_KINDS[item].name} (slot ${slot}, ${ITEM_KINDS[item].cost} gold)`
        : `buy the item in slot ${slot}`;
    }
    if (action === A_SUBMIT) return 'submit sets...';
    if (action === A_PASS) return 'pass (reveal the hand, gain 1 gold)';
    if (action < A_SET_BASE || (action >= A_MR_BASE && action < A_ACQUIRE_MENU)) {
      const pos = action < A_SET_BASE ? action - A_REVEAL_BASE : action - A_MR_BASE;
      const what =
        pos < t.revealedLen ? `${name(t.revealed[pos])} (position ${pos})` : `the revealed card at position ${pos}`;
      return ctx === C.TAXI_PICK ? `also take ${what}` : `take ${what}`;
    }
    if (action < A_DONE) return setLabel(action - A_SET_BASE);
    if (action === A_DONE) return doneLabel(t);
    if (action < A_OPP_BASE) {
      const slot = action - A_SLOT_BASE;
      switch (ctx) {
        case C.DESIGN_TARGET:
          return `copy ${slotName(seat, slot)}`;
        case C.FIRE_TARGET:
          return `return ${slotName(seat, slot)} to hand`;
        case C.PRESS_TARGET:
          return `establish ${slotName(seat, slot)}`;
        case C.RENEWAL_TARGET:
          return `remove a marker from ${slotName(seat, slot)}`;
        default:
          return `own slot ${slot}`;
      }
    }
    if (action < A_DISCARD_BASE) {
      const o = 1 + Math.floor((action - A_OPP_BASE) / MAX_FIELD);
      const slot = (action - A_OPP_BASE) % MAX_FIELD;
      if (ctx !== C.POLICE_TARGET || o >= this.players)
        return `marker on the ad in slot ${slot} of the opponent ${o} to the left`;
      const target = (seat + o) % this.players;
      return `marker on seat ${target}'s ${slotName(target, slot)}`;
    }
    if (action < A_DOCTOR_BASE) return `discard ${name(action - A_DISCARD_BASE)}`;
    if (action < A_HEADHUNT_FIRST) {
      const n = action - A_DOCTOR_BASE;
      return `place ${n} marker${n === 1 ? '' : 's'} on the Doctor`;
    }
    if (action < A_MR_BASE) {
      const o = 1 + action - A_HEADHUNT_FIRST;
      return o < this.players
        ? `take a random card from seat ${(seat + o) % this.players}`
        : `take a random card from the opponent ${o} to the left`;
    }
    if (action === A_ACQUIRE_MENU) return 'acquire...';
    if (action === A_POST_MENU) return 'post...';
    return action === A_PURCHASE_MENU ? 'purchase...' : `action ${action}`;
  }

  toJSON(): PhiladelphiaJson {
    return tableToJson(this.t);
  }
}

function doneLabel(t: Table): string {
  switch (t.ctx) {
    case C.TAXI_PICK:
      return 'take no second card';
    case C.SET_SELECT:
      return 'finish submitting';
    case C.DESIGN_TARGET:
      return 'copy nothing';
    case C.FIRE_TARGET:
      return 'return nothing';
    case C.SUPERVISOR_POST:
      return 'post nothing';
    case C.OVERTIME_POST:
      return 'stop posting';
    case C.RENEWAL_TARGET:
      return 'stop removing markers';
    case C.JOB_DISCARD:
    case C.FORESTER_DISCARD:
      return `stop discarding and draw ${t.ctxCount}`;
    default:
      return 'done';
  }
}

const N_OF_A_KIND_VP = [0, 0, 1, 3, 5];

/**
 * VP the seat's hand could submit, estimated greedily: n-of-a-kind per regular name, then Flush
 * 3/4 from the names left with a single card. A heuristic for evaluate, not a rule.
 */
export function handPotential(t: Readonly<Table>, seat: number): number {
  let vp = 0;
  for (let i = 0; i < INDUSTRIES; i++) {
    let singles = 0;
    for (let j = 0; j < 4; j++) {
      const c = t.hands[seat * KIND_COUNT + regularKind(4 * i + j)];
      if (c === 1) singles++;
      else vp += N_OF_A_KIND_VP[Math.min(c, 4)];
    }
    vp += singles === 4 ? 3 : singles === 3 ? 2 : 0;
  }
  return vp;
}

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, the
 * margin of (VP + 0.6 x hand potential + gold / 10) against each opponent through tanh, weighted
 * up as the leader nears 10 VP, kept strictly inside (-1, 1).
 */
export function evaluatePosition(state: PhiladelphiaState, player: number): number {
  if (state.isTerminal()) return returnsFromRanking(state.ranking())[player];
  const t = state.table;
  const n = t.players;
  const worth = (s: number) => t.vp[s] + 0.6 * Math.min(handPotential(t, s), WIN_VP) + t.gold[s] / 10;
  const mine = worth(player);
  let top = 0;
  let sum = 0;
  for (let s = 0; s < n; s++) {
    top = Math.max(top, t.vp[s]);
    if (s !== player) sum += Math.tanh((mine - worth(s)) / 4);
  }
  const urgency = 0.6 + 0.35 * Math.min(1, top / WIN_VP);
  return (urgency * sum) / (n - 1);
}
