/** What one seat sees of Promotion (§6): all public facts plus its own committed row. */
import type { PlayerView } from '../core/game.js';
import { MAX_ROUNDS, PLAYERS, SUITS } from './components.js';
import type { LogEntry, LogKind } from './events.js';
import {
  PHASES,
  PH_DOWN_TIE,
  PH_DRAFT,
  PH_OVER,
  downSeat,
  draftParent,
  sideOfSeat,
  topSuits,
  type PhaseName,
  type PromotionPosition,
} from './position.js';
import { ranking } from './scoring.js';
import { toAct } from './transitions.js';

/** Everything one seat may see (§6): all public facts plus its own committed row. */
export interface PromotionView extends PlayerView {
  readonly phase: PhaseName;
  /** 0 during the field draft, then 1..maxRounds. */
  readonly round: number;
  readonly maxRounds: number;
  /** Parent of the round; -1 during the draft. */
  readonly parent: number;
  /** `a` of §2.2: the side index facing seat 0; -1 while the postcard is not placed this round. */
  readonly orientation: number;
  /** Side index faced by each seat (side(s) = (a - s) mod 4); -1 while not placed. */
  readonly sides: number[];
  /** fields[seat][suit] = rank 5..13 of that field card; 0 = suit not drafted yet. */
  readonly fields: number[][];
  /** supply[suit] = ranks in the supply, ascending. */
  readonly supply: number[][];
  readonly draft: {
    /** Suits drafted so far, in suit order. */
    readonly drafted: number[];
    /** The seat choosing the next suit, -1 once the draft is over. */
    readonly parent: number;
  };
  /** Per seat: a row card is placed this round (public; the row itself is not, until the reveal). */
  readonly committed: boolean[];
  /** This seat's row this round, 1..4; 0 if none placed yet. */
  readonly ownRow: number;
  /** Every seat's row once all four are revealed this round, else null. */
  readonly rows: number[] | null;
  /** Row-1 activation number being or next processed (1..4); 5 once row 1 is finished. */
  readonly activation: number;
  /** Seats that resolved a row-1 effect this round. */
  readonly done: number[];
  /** During a Down! tie: the suits the deciding seat may demote; else []. */
  readonly tieSuits: number[];
  /** Seats in place 0 once the game is over, else []. */
  readonly winners: number[];
  /** True if the game ended by the round cap. */
  readonly truncated: boolean;
  /** Events of this round and the previous one, oldest first. */
  readonly log: LogEntry[];
}

const SEATS: readonly number[] = [0, 1, 2, 3];

/**
 * A record as the view carries it: argument 0 is its round, kept apart from the arguments. One
 * module-level function, so the log's mapEntries converts only the records pushed since the last view.
 */
function toLogEntry(kind: LogKind, args: number[]): LogEntry {
  return { kind, round: args[0], args: args.slice(1) };
}

/** A seat's four field ranks as a plain array (no subarray view in between). */
function fieldsOf(fields: Uint8Array, seat: number): number[] {
  const base = seat * 4;
  return [fields[base], fields[base + 1], fields[base + 2], fields[base + 3]];
}

/** The ranks set in a supply bitmask, ascending: one step per set bit. */
function ranksIn(mask: number): number[] {
  const ranks: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) ranks.push(31 - Math.clz32(m & -m));
  return ranks;
}

export function view(p: PromotionPosition, seat: number): PromotionView {
  const tieSuits: number[] = [];
  if (p.phase === PH_DOWN_TIE) {
    const ties = topSuits(p, downSeat(p, p.downIndex));
    for (let suit = 0; suit < 4; suit++) if (ties & (1 << suit)) tieSuits.push(suit);
  }
  const places = p.phase === PH_OVER ? ranking(p) : [];
  return {
    seat,
    players: PLAYERS,
    toAct: toAct(p),
    isOver: p.phase === PH_OVER,
    phase: PHASES[p.phase],
    round: p.round,
    maxRounds: MAX_ROUNDS,
    parent: p.parent,
    orientation: p.orientation,
    sides: SEATS.map((s) => (p.orientation < 0 ? -1 : sideOfSeat(p, s))),
    fields: SEATS.map((s) => fieldsOf(p.fields, s)),
    supply: SUITS.map((_, suit) => ranksIn(p.supply[suit])),
    draft: {
      drafted: SUITS.map((_, suit) => suit).filter((suit) => p.drafted & (1 << suit)),
      parent: p.phase === PH_DRAFT ? draftParent(p) : -1,
    },
    committed: SEATS.map((s) => p.rows[s] !== 0),
    ownRow: seat >= 0 ? p.rows[seat] : 0,
    // §6: rows become public only with the 4th commitment.
    rows: p.committed === PLAYERS ? [p.rows[0], p.rows[1], p.rows[2], p.rows[3]] : null,
    activation: p.activation,
    done: SEATS.filter((s) => p.done & (1 << s)),
    tieSuits,
    winners: SEATS.filter((s) => places[s] === 0),
    truncated: p.truncated,
    log: p.log.mapEntries(toLogEntry),
  };
}
