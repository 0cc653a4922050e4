/** What one seat sees of Philadelphia (rules §6): everything public, plus its own hand. */
import type { PlayerView } from '../core/game.js';
import {
  CONTEXTS,
  FRAMES,
  FRAME_SIZE,
  ITEM_BOOM,
  KIND_COUNT,
  MAX_FIELD,
  MAX_ROUNDS,
  PHASES,
  PH_ACTION,
  PH_OVER,
  type ContextName,
  type FrameName,
  type PhaseName,
} from './components.js';
import { packEntry } from './events.js';
import { turnSeat, type PhiladelphiaPosition } from './position.js';
import { ranking } from './scoring.js';
import { toAct } from './transitions.js';

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
  /**
   * Continuation frames, bottom first (what resumes after the decision on top): posting [seat,
   * card, W], overtime [seat, posted, 0], item [seat, slot, item], press [seat, slot, 0], adopt
   * [player offset, slot, 0].
   */
  readonly pending: [frame: FrameName, a: number, b: number, c: number][];
  /** Seats in place 0 once the game is over, else []. */
  readonly winners: number[];
  readonly truncated: boolean;
  /**
   * Public events since the least recent seat's last decision, oldest first, as packed records (one
   * number each; events.ts logEntry decodes one into [kind, seat, ...args]). Numbers keep views small:
   * views are built for every observation.
   */
  readonly log: number[];
  /**
   * Index into `log` of the first event since this seat's last decision (for the spectator: since
   * the last decision of the seat to act).
   */
  readonly newFrom: number;
}

export function view(t: PhiladelphiaPosition, player: number): PhiladelphiaView {
  const n = t.players;
  // Per-seat lists in plain loops (no seat array, no closures): views are built at every step.
  const known: number[][] = [];
  const fieldKinds: number[][] = [];
  const fieldMarkers: number[][] = [];
  for (let s = 0; s < n; s++) {
    known.push(kinds(t.known, s));
    fieldKinds.push(t.fieldKind.slice(s * MAX_FIELD, s * MAX_FIELD + t.fieldLen[s]));
    fieldMarkers.push(t.fieldMarkers.slice(s * MAX_FIELD, s * MAX_FIELD + t.fieldLen[s]));
  }
  const revealed: [number, boolean][] = [];
  for (let i = 0; i < t.revealed.length; i++) revealed.push([t.revealed[i], (t.revealedTaken & (1 << i)) !== 0]);
  const pending: PhiladelphiaView['pending'] = [];
  for (let at = 0; at < t.stack.length; at += FRAME_SIZE) {
    pending.push([FRAMES[t.stack[at]], t.stack[at + 1], t.stack[at + 2], t.stack[at + 3]]);
  }
  const events = t.log.length;
  const isOver = t.phase === PH_OVER;
  const winners: number[] = [];
  if (isOver) {
    const places = ranking(t);
    for (let s = 0; s < n; s++) if (places[s] === 0) winners.push(s);
  }
  return {
    seat: player,
    players: n,
    toAct: toAct(t),
    isOver,
    phase: PHASES[t.phase],
    round: t.round,
    maxRounds: MAX_ROUNDS,
    startPlayer: t.start,
    turnSeat: t.phase === PH_ACTION ? turnSeat(t) : -1,
    actionsLeft: t.actionsLeft,
    purchased: t.purchased,
    decision: { context: CONTEXTS[t.ctx], count: t.ctxCount, self: t.ctxArg },
    hand: player >= 0 && player < n ? kinds(t.hands, player) : null,
    handSizes: t.handSize.slice(),
    known,
    fieldKinds,
    fieldMarkers,
    gold: t.gold.slice(),
    vp: t.vp.slice(),
    adDeckSize: t.deck.length,
    adDiscard: t.discard.slice(),
    revealed,
    submitting: t.submitSets.slice(),
    items: {
      slots: t.itemSlots.slice(),
      deckSize: t.itemDeck.length,
      discard: t.itemDiscard.slice(0, ITEM_BOOM),
      boom: t.boom,
      active: t.activeItem,
    },
    lastDie: t.lastDie,
    pending,
    winners,
    truncated: t.truncated,
    log: packedLog(t),
    // The spectator's "new" events are those since the last decision of the seat to act.
    newFrom: Math.max(
      0,
      Math.min(events, t.lastMove[player >= 0 && player < n ? player : Math.max(t.actor, 0)] - t.logBase),
    ),
  };
}

/** The kinds of one seat's block of a copies-per-kind array, one entry per card, ascending. */
function kinds(arr: readonly number[], seat: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let c = arr[seat * KIND_COUNT + k]; c > 0; c--) out.push(k);
  return out;
}

/**
 * The log as the view carries it: one packed integer per event (events.ts), oldest first. The log
 * remembers the records it packed before (EventLog.mapEntries), so a view packs only the new ones.
 */
function packedLog(t: PhiladelphiaPosition): number[] {
  return t.log.mapEntries(packEntry);
}
