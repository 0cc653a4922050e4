/**
 * Promotion (exactly 4 players): race to hold a King by promoting your four field cards through
 * hidden, simultaneously chosen rows of a rotating postcard. Rules: shared/rules/promotion.md.
 * Config: none ({}); the optional strict reveal variant of §8.15 is not implemented. Transitions
 * live in resolve.ts, the saved-state format in saved-state.ts, the action numbers are §9's.
 */
import { AgoraError, IllegalActionError } from '../core/errors.js';
import type { GameState, NewGameOptions, PlayerView } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { ROW_COUNT, SUITS, SUIT_NAMES, SUIT_SYMBOLS, cardLabel, sideLabel } from './cards.js';
import { encodePromotion } from './encode.js';
import { LOG_KIND_NAMES, eventKind, eventRound, type LogEntry } from './log.js';
import {
  ACTION_BASE,
  ACTION_PHASE,
  ACTION_SIZE,
  MAX_ROUNDS,
  PHASES,
  PH_CHANGE,
  PH_DOWN_TIE,
  PH_DRAFT,
  PH_FLIP,
  PH_ORIENT,
  PH_OVER,
  PH_ROW,
  PH_WILD,
  PLAYERS,
  POPCOUNT4,
  SIDE_CHANGE,
  SIDE_WILD,
  applyUnchecked,
  cloneTable,
  downSeat,
  draftParent,
  facing,
  highestRank,
  kingHolders,
  newTable,
  promotionTarget,
  rankSum,
  sideOfSeat,
  toAct,
  topSuits,
  type PhaseName,
  type Table,
} from './resolve.js';
import { GAME, logArgs, tableFromJson, tableToJson, type PromotionJson } from './saved-state.js';

export { ACTION_BASE, ACTION_SIZE, MAX_ROUNDS, PHASES, PLAYERS, type PhaseName } from './resolve.js';
export { GAME, positionJson, type PositionSpec, type PromotionJson } from './saved-state.js';

/** The config object; Promotion has no options. */
export type PromotionConfig = Record<string, never>;

/**
 * Decisions per round at most: orient 1 + flip 1 + rows 4 + Down! ties 3 + Change! 1 + Wild! 1 = 11.
 * The draft asks 3 (the fourth suit is forced).
 */
export const MAX_DECISIONS_PER_ROUND = 1 + 1 + PLAYERS + (PLAYERS - 1) + 1 + 1;
export const DRAFT_DECISIONS = SUITS.length - 1;
export const MAX_GAME_LENGTH = DRAFT_DECISIONS + MAX_ROUNDS * MAX_DECISIONS_PER_ROUND;

const SEATS: readonly number[] = [0, 1, 2, 3];

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  draft: 'choose a suit to draft',
  orient: 'choose which postcard side faces the parent',
  flip: 'keep the postcard or rotate it 180°',
  row: 'choose a row (hidden until all four have chosen)',
  downTie: 'choose which tied highest card Down! demotes',
  change: 'Change!: swap the field card of one suit with an opponent',
  wild: 'Wild!: promote one of their own field cards',
  over: 'nothing: the game is over',
};

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

export class PromotionState implements GameState<PromotionView> {
  readonly players = PLAYERS;

  private constructor(private t: Table) {}

  static newGame(options: NewGameOptions<PromotionConfig>): PromotionState {
    assertPlayerCount({ name: GAME, minPlayers: PLAYERS, maxPlayers: PLAYERS }, options.players);
    const config: unknown = options.config;
    if (config !== undefined && (typeof config !== 'object' || config === null || Object.keys(config).length > 0)) {
      throw new AgoraError('bad_request', `${GAME}: the game has no config options; got ${JSON.stringify(config)}`);
    }
    return new PromotionState(newTable(Rng.fromSeed(options.seed).state()));
  }

  static fromJSON(json: unknown): PromotionState {
    return new PromotionState(tableFromJson(json));
  }

  currentPlayer(): number {
    return toAct(this.t);
  }

  legalActions(): number[] {
    const t = this.t;
    switch (t.phase) {
      case PH_DRAFT: {
        const out: number[] = [];
        for (let suit = 0; suit < 4; suit++) if ((t.drafted & (1 << suit)) === 0) out.push(suit);
        return out;
      }
      case PH_DOWN_TIE: {
        const ties = topSuits(t, downSeat(t, t.downIndex));
        const out: number[] = [];
        for (let suit = 0; suit < 4; suit++) if (ties & (1 << suit)) out.push(ACTION_BASE[PH_DOWN_TIE] + suit);
        return out;
      }
      // Literals: a fresh small array per call, no shared mutable result.
      case PH_ORIENT:
        return [4, 5, 6, 7];
      case PH_FLIP:
        return [8, 9];
      case PH_ROW:
        return [10, 11, 12, 13];
      case PH_CHANGE:
        return [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
      case PH_WILD:
        return [30, 31, 32, 33];
      default:
        return [];
    }
  }

  isTerminal(): boolean {
    return this.t.phase === PH_OVER;
  }

  isTruncated(): boolean {
    return this.t.truncated;
  }

  /**
   * §7.2: at a natural end every King holder is first and all others share place = number of
   * winners. At the cap, and as a provisional order during play, the §7.3 keys: highest field
   * card, then the sum of the four ranks.
   */
  ranking(): number[] {
    const t = this.t;
    const kings = kingHolders(t);
    if (t.phase === PH_OVER && !t.truncated && kings !== 0) {
      const winners = POPCOUNT4[kings];
      return SEATS.map((s) => (kings & (1 << s) ? 0 : winners));
    }
    return rankByKeys(SEATS.map((s) => [highestRank(t, s), rankSum(t, s)]));
  }

  /** §7.2: the rank of each seat's highest field card (13 for a King holder). */
  scores(): number[] {
    return SEATS.map((s) => highestRank(this.t, s));
  }

  /** Rank of a seat's field card of a suit (0 while not drafted): public, for evaluators. */
  fieldRank(seat: number, suit: number): number {
    return this.t.fields[seat * 4 + suit];
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
    applyUnchecked(this.t, action);
  }

  /** Why `action` is not legal now, or undefined if it is. Reads only. */
  private whyIllegal(action: number): string | undefined {
    const t = this.t;
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE)
      return `actions are integers 0..${ACTION_SIZE - 1}`;
    if (t.phase === PH_OVER) return 'the game is over';
    const kind = ACTION_PHASE[action];
    const arg = action - ACTION_BASE[kind];
    if (kind !== t.phase) {
      return `it is a ${PHASES[kind]} action, but now seat ${this.currentPlayer()} must ${DECISION_TEXT[PHASES[t.phase]]}`;
    }
    if (kind === PH_DRAFT && (t.drafted & (1 << arg)) !== 0) return `${SUIT_NAMES[arg]} were already drafted`;
    if (kind === PH_DOWN_TIE) {
      const seat = downSeat(t, t.downIndex);
      if ((topSuits(t, seat) & (1 << arg)) === 0) {
        return `${cardLabel(arg, t.fields[seat * 4 + arg])} is not one of seat ${seat}'s tied highest cards`;
      }
    }
    return undefined;
  }

  view(player: number): PromotionView {
    const t = this.t;
    const tieSuits: number[] = [];
    if (t.phase === PH_DOWN_TIE) {
      const ties = topSuits(t, downSeat(t, t.downIndex));
      for (let suit = 0; suit < 4; suit++) if (ties & (1 << suit)) tieSuits.push(suit);
    }
    const ranking = t.phase === PH_OVER ? this.ranking() : [];
    const log: LogEntry[] = [];
    for (let i = 0; i < t.logLen; i++) {
      const rec = t.log[i];
      log.push({ kind: LOG_KIND_NAMES[eventKind(rec)], round: eventRound(rec), args: logArgs(rec) });
    }
    return {
      seat: player,
      players: PLAYERS,
      toAct: this.currentPlayer(),
      isOver: t.phase === PH_OVER,
      phase: PHASES[t.phase],
      round: t.round,
      maxRounds: MAX_ROUNDS,
      parent: t.parent,
      orientation: t.orientation,
      sides: SEATS.map((s) => (t.orientation < 0 ? -1 : sideOfSeat(t, s))),
      fields: SEATS.map((s) => Array.from(t.fields.subarray(s * 4, s * 4 + 4))),
      supply: SUITS.map((_, suit) => {
        const ranks: number[] = [];
        for (let rank = 0; rank < 16; rank++) if (t.supply[suit] & (1 << rank)) ranks.push(rank);
        return ranks;
      }),
      draft: {
        drafted: SUITS.map((_, suit) => suit).filter((suit) => t.drafted & (1 << suit)),
        parent: t.phase === PH_DRAFT ? draftParent(t) : -1,
      },
      committed: SEATS.map((s) => t.rows[s] !== 0),
      ownRow: player >= 0 ? t.rows[player] : 0,
      // §6: rows become public only with the 4th commitment.
      rows: t.committed === PLAYERS ? Array.from(t.rows) : null,
      activation: t.activation,
      done: SEATS.filter((s) => t.done & (1 << s)),
      tieSuits,
      winners: SEATS.filter((s) => ranking[s] === 0),
      truncated: t.truncated,
      log,
    };
  }

  observation(player: number): Float32Array {
    return encodePromotion(this.view(player));
  }

  /**
   * §6: the only hidden information is the rows other seats placed in Phase B before the
   * reveal; each is redrawn uniformly from 1..4 (seats in order), then the world's RNG reseeded.
   */
  determinize(player: number, rng: Rng): PromotionState {
    const world = cloneTable(this.t);
    if (world.phase === PH_ROW) {
      for (let seat = 0; seat < PLAYERS; seat++) {
        if (seat !== player && world.rows[seat] !== 0) world.rows[seat] = 1 + rng.int(ROW_COUNT);
      }
    }
    world.rng = rng.fork('world').state();
    return new PromotionState(world);
  }

  clone(): PromotionState {
    return new PromotionState(cloneTable(this.t));
  }

  /**
   * Labels people read: 'draft spades', 'face β (Down!)', 'keep', 'row 3', 'demote ♦11',
   * 'change ♣ with seat 2 (give ♣7, get ♣8)', 'wild: promote ♥7 to ♥9'. Cards are named only in
   * the phase that decides them (all public); otherwise the label is the generic one.
   */
  actionToString(action: number): string {
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
    const t = this.t;
    const kind = ACTION_PHASE[action];
    const arg = action - ACTION_BASE[kind];
    const here = kind === t.phase;
    switch (kind) {
      case PH_DRAFT:
        return `draft ${SUIT_NAMES[arg]}`;
      case PH_ORIENT:
        return `face ${sideLabel(arg)}`;
      case PH_FLIP:
        return arg === 0 ? 'keep' : 'rotate 180°';
      case PH_ROW:
        return `row ${arg + 1}`;
      case PH_DOWN_TIE:
        return here
          ? `demote ${cardLabel(arg, t.fields[downSeat(t, t.downIndex) * 4 + arg])}`
          : `demote ${SUIT_SYMBOLS[arg]}`;
      case PH_CHANGE: {
        const offset = 1 + (arg >> 2);
        const suit = arg & 3;
        if (!here) return `change ${SUIT_SYMBOLS[suit]} with the seat ${offset} to the left`;
        const seat = facing(t, SIDE_CHANGE);
        const target = (seat + offset) & 3;
        const give = cardLabel(suit, t.fields[seat * 4 + suit]);
        const get = cardLabel(suit, t.fields[target * 4 + suit]);
        return `change ${SUIT_SYMBOLS[suit]} with seat ${target} (give ${give}, get ${get})`;
      }
      default: {
        if (!here) return `wild: promote ${SUIT_SYMBOLS[arg]}`;
        const from = t.fields[facing(t, SIDE_WILD) * 4 + arg];
        return `wild: promote ${cardLabel(arg, from)} to ${cardLabel(arg, promotionTarget(t, arg, from))}`;
      }
    }
  }

  toJSON(): PromotionJson {
    return tableToJson(this.t);
  }
}

/**
 * Heuristic value for search and greedy play (architecture `evaluate`): the return once the game
 * is over; before, progress toward a King (my highest card against the best opponent's, then my
 * sum against theirs), kept strictly inside (-1, 1).
 */
export function evaluatePosition(state: PromotionState, player: number): number {
  if (state.isTerminal()) return returnsFromRanking(state.ranking())[player];
  let myTop = 0;
  let mySum = 0;
  let theirTop = 0;
  let theirSum = 0;
  for (let seat = 0; seat < PLAYERS; seat++) {
    let top = 0;
    let sum = 0;
    for (let suit = 0; suit < 4; suit++) {
      const rank = state.fieldRank(seat, suit);
      top = Math.max(top, rank);
      sum += rank;
    }
    if (seat === player) {
      myTop = top;
      mySum = sum;
    } else {
      theirTop = Math.max(theirTop, top);
      theirSum += sum / (PLAYERS - 1);
    }
  }
  // Before the end ranks are 5..12, so the top gap is at most 7 and the sum gap at most 48 - 26 = 22.
  const value = 0.7 * ((myTop - theirTop) / 8) + 0.2 * ((mySum - theirSum) / 32);
  return Math.max(-0.95, Math.min(0.95, value));
}
