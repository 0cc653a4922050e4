/**
 * What a seat sees: its hand, the opponent's remaining cards (played cards are shown), the prize;
 * never the other seat's face-down bid.
 */
import type { EventEntry } from '../../../envs/index.js';
import type { PlayerView } from '../../../envs/index.js';
import { CARDS } from './components.js';
import type { GoofspielPosition } from './position.js';
import { isOver, toAct } from './transitions.js';

export interface GoofspielView extends PlayerView {
  /** Cards each seat still holds (public: every played card was shown), ascending. */
  readonly hands: number[][];
  /** The face-up prize, 0 once the game is over. */
  readonly prize: number;
  /** Prize cards not turned up yet, ascending (their order is hidden). */
  readonly prizesLeft: number[];
  readonly points: number[];
  /** Whether each seat has bid this round. */
  readonly bidPlaced: boolean[];
  /** This seat's own face-down bid, 0 if none. */
  readonly ownBid: number;
  readonly log: EventEntry[];
}

export function view(p: GoofspielPosition, seat: number): GoofspielView {
  const hands = [0, 1].map((s) => {
    const cards: number[] = [];
    for (let v = 0; v < CARDS; v++) if (p.hands[s * CARDS + v] || p.bids[s] === v + 1) cards.push(v + 1);
    return cards;
  });
  return {
    seat,
    players: 2,
    toAct: toAct(p),
    isOver: isOver(p),
    hands,
    prize: isOver(p) ? 0 : p.prizes[p.round],
    prizesLeft: Array.from(p.prizes.subarray(p.round + 1)).sort((a, b) => a - b),
    points: Array.from(p.points),
    bidPlaced: [p.bids[0] > 0, p.bids[1] > 0],
    ownBid: seat >= 0 ? p.bids[seat] : 0,
    log: p.log.mapEntries(toEntry),
  };
}

/**
 * A log record as the view carries it. One module-level function, so EventLog.mapEntries converts
 * each record once and hands the same (frozen) entries to every later view.
 */
function toEntry(kind: string, args: number[]): EventEntry {
  return { kind, args };
}
