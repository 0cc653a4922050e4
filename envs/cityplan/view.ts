/** What a seat sees of City Plan Delta (§6): public facts, its own hand and discards, the log. */
import type { PlayerView } from '../core/game.js';
import {
  CITY_KINDS,
  DECK_KINDS,
  INCOME_CARDS,
  MAX_TURNS,
  PHASES,
  PH_ACTION,
  PH_OVER,
  VARIANTS,
  kindList,
  type PhaseName,
  type Variant,
} from './components.js';
import type { LogEntry, LogKind } from './events.js';
import { faceUpSource, pileCount, type CityPlanPosition } from './position.js';
import { finalScores, ranking, scores, type FinalScore } from './scoring.js';
import { powerCost, toAct } from './transitions.js';

/** The building being paid for, as everyone sees it (§6 "pending decision"). */
interface PendingBuild {
  readonly seat: number;
  readonly kind: number;
  /** Card cost after the sacrifice choice (0 while the choice is open). */
  readonly cost: number;
  /** Cost cards still to discard. */
  readonly due: number;
  readonly power: number;
  readonly sacrificed: boolean;
}

/** Everything one seat may see (§6); view(-1) is the spectator's (public information only). */
export interface CityPlanView extends PlayerView {
  readonly variant: Variant;
  readonly phase: PhaseName;
  readonly turn: number;
  readonly maxTurns: number;
  readonly mayor: number;
  /** This seat's hand as kinds, ascending; [] for the spectator. */
  readonly hand: number[];
  readonly handSizes: number[];
  /** Every city as kinds, ascending (50 = Initial Power Plant). */
  readonly cities: number[][];
  readonly power: number[];
  readonly councilors: number[];
  readonly freeBuilds: number[];
  /** Chips on the assembly. */
  readonly assembly: number;
  /** True once the first income card has triggered. */
  readonly councilOpen: boolean;
  /** Per income card 1..6 (index 0..5): already triggered. */
  readonly incomeUsed: boolean[];
  readonly deckSize: number;
  readonly discardSize: number;
  /** Cards each seat put face down on the discard pile since the last reshuffle (public counts). */
  readonly discardsBySeat: number[];
  /**
   * §6 discard knowledge as kind lists, ascending (the counts per kind as a multiset): the cards this
   * seat put face down on the pile since the last reshuffle ([] for the spectator), and the cards
   * that went to it face up since then.
   */
  readonly ownDiscards: number[];
  readonly publicDiscards: number[];
  /** Per seat: an action card is committed this turn. */
  readonly committed: boolean[];
  /** This seat's action card this turn (0 Income, 1 Exchange, 2 Council), -1 if none or a spectator. */
  readonly ownAction: number;
  /** Every seat's action card once revealed this turn, else null. */
  readonly revealed: number[] | null;
  readonly pending: PendingBuild | null;
  /** Cards the Exchange player being asked has set aside (0 outside an exchange). */
  readonly setAsideCount: number;
  /** Those cards by kind if they are this seat's, else []. */
  readonly ownSetAside: number[];
  /** Items 1-6 of §7.1 during play, the totals once the game is over. */
  readonly scores: number[];
  readonly final: FinalScore[] | null;
  /** Seats in place 0 once the game is over, else []. */
  readonly winners: number[];
  readonly ranking: number[] | null;
  readonly truncated: boolean;
  /** Public events since the oldest last move of any seat, oldest first. */
  readonly log: LogEntry[];
  /** Per seat, the index in `log` where the events of its last move begin. */
  readonly lastMove: number[];
}

/** A log record as the view carries it; one function, so the log's cache of converted records holds. */
const toLogEntry = (kind: LogKind, args: number[]): LogEntry => [kind, ...args] as LogEntry;

/** view(-1) is the spectator's (public information only). */
export function view(p: CityPlanPosition, player: number): CityPlanView {
  const n = p.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const me = player >= 0 && player < n ? player : -1;
  const over = p.phase === PH_OVER;
  const revealed = p.phase !== PH_ACTION && p.commitCount === n;
  const actor = toAct(p);
  const places = over ? ranking(p) : null;
  return {
    seat: player,
    players: n,
    toAct: actor,
    isOver: over,
    variant: VARIANTS[p.variant],
    phase: PHASES[p.phase],
    turn: p.turn,
    maxTurns: MAX_TURNS,
    mayor: p.mayor,
    hand: me >= 0 ? kindList(p.hands, me * DECK_KINDS, DECK_KINDS) : [],
    handSizes: p.handSize.slice(),
    cities: seats.map((s) => kindList(p.cities, s * CITY_KINDS, CITY_KINDS)),
    power: p.power.slice(),
    councilors: p.councilors.slice(),
    freeBuilds: p.freeBuilds.slice(),
    assembly: p.assembly,
    councilOpen: p.incomeUsed !== 0,
    incomeUsed: INCOME_CARDS.map((c) => (p.incomeUsed & (1 << c.id)) !== 0),
    deckSize: p.deck.length,
    discardSize: p.pileSize,
    discardsBySeat: seats.map((s) => pileCount(p, s)),
    ownDiscards: me >= 0 ? kindList(p.discards, me * DECK_KINDS, DECK_KINDS) : [],
    publicDiscards: kindList(p.discards, faceUpSource(p) * DECK_KINDS, DECK_KINDS),
    committed: seats.map((s) => p.commits[s] >= 0),
    ownAction: me >= 0 ? p.commits[me] : -1,
    revealed: revealed ? p.commits.slice() : null,
    pending:
      p.pendingKind < 0
        ? null
        : {
            seat: actor,
            kind: p.pendingKind,
            cost: p.pendingCost,
            due: p.pendingDue,
            power: powerCost(p, actor, p.pendingKind),
            sacrificed: p.pendingSacrificed,
          },
    setAsideCount: p.setAside.length,
    ownSetAside: actor === me ? p.setAside.slice() : [],
    scores: scores(p),
    final: over ? finalScores(p) : null,
    winners: places === null ? [] : seats.filter((s) => places[s] === 0),
    ranking: places,
    truncated: p.truncated,
    log: p.log.mapEntries(toLogEntry),
    lastMove: p.lastMove.slice(),
  };
}
