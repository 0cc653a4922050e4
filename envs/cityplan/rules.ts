/**
 * City Plan Delta (2-5 players): build a city of 10 buildings, paying for each with other hand
 * cards and power chips, after secretly choosing Income, Exchange or Council each turn.
 * Rules: shared/rules/cityplan-delta.md. Config: { variant?: 'delta' | 'plain' } (default 'delta';
 * 'plain' is §8.1). Transitions live in resolve.ts, the saved-state format in saved-state.ts, the
 * action numbers are §9's.
 */
import { AgoraError, IllegalActionError } from '../core/errors.js';
import type { GameState, NewGameOptions, PlayerView } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { returnsFromRanking } from '../core/returns.js';
import type { Rng } from '../core/rng.js';
import {
  ACTION_CARD_NAMES,
  BONUS,
  CITY_HALL,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  DECK_KINDS,
  INCOME_CARDS,
  KINDS,
  HAND_LIMIT,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_PLAYERS,
  SACRIFICE_DISCOUNT,
  VARIANTS,
  type Variant,
} from './cards.js';
import { encodeCityPlan } from './encode.js';
import { decodeEvent, type LogEntry } from './log.js';
import { applyUnchecked } from './resolve.js';
import { GAME, tableFromJson, tableToJson, type CityPlanJson } from './saved-state.js';
import { cityStats, cityTickets, rankTotals, scoreBreakdown, type ScoreBreakdown } from './scoring.js';
import {
  ACTION_SIZE,
  A_BUILD,
  A_DISCARD,
  A_DRAW_TWO,
  A_FINISH_EXCHANGE,
  A_KEEP_SITE,
  A_SACRIFICE,
  PHASES,
  PH_ACTION,
  PH_BUILD,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_OVER,
  PH_PAY,
  PH_SACRIFICE,
  PILE_STRIDE,
  canBuild,
  cloneTable,
  costAfterSacrifice,
  faceUpSource,
  isSacrificeOffered,
  kindList,
  newTable,
  pileCount,
  pileKinds,
  powerCost,
  reducedCost,
  toAct,
  type PhaseName,
  type Table,
} from './table.js';

export { ACTION_SIZE, PHASES, type PhaseName } from './table.js';
export { GAME, positionJson, type CityPlanJson, type PositionSpec } from './saved-state.js';

/** Config: the Plain variant of §8.1 or the normal game. */
export interface CityPlanConfig {
  readonly variant?: Variant;
}

/**
 * Decisions one seat can be asked in one turn, at most (maxGameLength):
 *   commit 1 + exchange (hand at the turn's start <= 8 + 12 income-card draws = 20 set aside, then
 *   finish: 21) + build (choice 1, sacrifice 1, printed cost <= 4 discards: 6) + hand limit (hand
 *   after the Build phase <= 20 + 1 action draw + 2 = 23, so <= 15 discards) = 43.
 */
export const MAX_DECISIONS_PER_SEAT_TURN = 1 + 21 + 6 + 15;
export const maxGameLength = (players: number): number => MAX_TURNS * players * MAX_DECISIONS_PER_SEAT_TURN;

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  actionSelect: 'choose an action card (hidden until everyone has chosen)',
  exchange: 'set aside cards to exchange, then finish (draw that many)',
  build: 'build a building from hand, or draw 2 cards',
  sacrifice: 'sacrifice the Construction Site (3 cards less) or keep it',
  pay: 'discard a card to pay the card cost',
  handLimit: `discard down to ${HAND_LIMIT} cards (hand limit)`,
  over: 'nothing: the game is over',
};

/** The building being paid for, as everyone sees it (§6 "pending decision"). */
export interface PendingBuild {
  readonly seat: number;
  readonly kind: number;
  /** Card cost after the sacrifice choice (0 while the choice is open). */
  readonly cost: number;
  /** Cost cards still to discard. */
  readonly due: number;
  readonly power: number;
  readonly sacrificed: boolean;
}

/** §7.1 for one seat at the end. */
export interface FinalScore extends ScoreBreakdown {
  readonly tickets: number;
  /** City Bonus cards drawn, in order (kinds). */
  readonly bonusCards: number[];
  readonly cityBonus: number;
  readonly total: number;
  readonly cityHall: boolean;
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

export class CityPlanState implements GameState<CityPlanView> {
  readonly players: number;

  private constructor(private t: Table) {
    this.players = t.players;
  }

  static newGame(options: NewGameOptions<CityPlanConfig>): CityPlanState {
    assertPlayerCount({ name: GAME, minPlayers: MIN_PLAYERS, maxPlayers: MAX_PLAYERS }, options.players);
    return new CityPlanState(newTable(options.players, parseConfig(options.config), options.seed));
  }

  static fromJSON(json: unknown): CityPlanState {
    return new CityPlanState(tableFromJson(json));
  }

  currentPlayer(): number {
    return toAct(this.t);
  }

  legalActions(): number[] {
    const t = this.t;
    const seat = toAct(t);
    const out: number[] = [];
    switch (t.phase) {
      case PH_ACTION:
        return [0, 1, 2];
      case PH_EXCHANGE:
        pushHeld(t, seat, out);
        out.push(A_FINISH_EXCHANGE);
        return out;
      case PH_BUILD:
        for (let k = 0; k < DECK_KINDS; k++) if (canBuild(t, seat, k)) out.push(A_BUILD + k);
        out.push(A_DRAW_TWO);
        return out;
      case PH_SACRIFICE:
        out.push(A_SACRIFICE);
        if (t.handSize[seat] >= reducedCost(t, seat, t.pendingKind)) out.push(A_KEEP_SITE);
        return out;
      case PH_PAY:
      case PH_HAND_LIMIT:
        pushHeld(t, seat, out);
        return out;
      default:
        return out;
    }
  }

  isTerminal(): boolean {
    return this.t.phase === PH_OVER;
  }

  isTruncated(): boolean {
    return this.t.truncated;
  }

  /**
   * §7.3: by total, then the City Hall owner ahead of the others with the same total; seats still
   * equal share a place. During play the same keys on the current scores.
   */
  ranking(): number[] {
    const t = this.t;
    return rankTotals(
      this.scores(),
      t.cities.filter((_, i) => i % CITY_KINDS === CITY_HALL).map((n) => n > 0),
    );
  }

  /** §7.3 `scores()`: the totals once over; items 1-6 of §7.1 during play. */
  scores(): number[] {
    return this.breakdowns().map((b, seat) => b.subtotal + (this.t.phase === PH_OVER ? this.cityBonus(seat) : 0));
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
    const seat = toAct(t);
    // Messages are built only on the way out: a legal action costs no string or closure.
    switch (t.phase) {
      case PH_ACTION:
        return action <= 2 ? undefined : wrongKind(t, 'actions 0..2');
      case PH_BUILD: {
        if (action === A_DRAW_TWO) return undefined;
        if (action < A_BUILD || action >= A_DRAW_TWO) return wrongKind(t, `actions ${A_BUILD}..${A_DRAW_TWO}`);
        const kind = action - A_BUILD;
        if (t.hands[seat * DECK_KINDS + kind] === 0) return `seat ${seat} holds no ${KINDS[kind].name}`;
        return canBuild(t, seat, kind) ? undefined : `seat ${seat} cannot pay for ${buildLabel(t, seat, kind)}`;
      }
      case PH_SACRIFICE:
        if (action === A_SACRIFICE) return undefined;
        if (action !== A_KEEP_SITE) return wrongKind(t, `actions ${A_SACRIFICE} or ${A_KEEP_SITE}`);
        return t.handSize[seat] >= reducedCost(t, seat, t.pendingKind)
          ? undefined
          : `without the sacrifice ${KINDS[t.pendingKind].name} costs more cards than seat ${seat} holds, so the sacrifice is mandatory`;
      default: {
        if (t.phase === PH_EXCHANGE && action === A_FINISH_EXCHANGE) return undefined;
        if (action < A_DISCARD || action >= A_FINISH_EXCHANGE)
          return wrongKind(t, `a discard (actions ${A_DISCARD}..${A_FINISH_EXCHANGE - 1})`);
        const kind = action - A_DISCARD;
        return t.hands[seat * DECK_KINDS + kind] > 0 ? undefined : `seat ${seat} holds no ${KINDS[kind].name}`;
      }
    }
  }

  view(player: number): CityPlanView {
    const t = this.t;
    const n = t.players;
    const seats = Array.from({ length: n }, (_, s) => s);
    const me = player >= 0 && player < n ? player : -1;
    const over = t.phase === PH_OVER;
    const revealed = t.phase !== PH_ACTION && t.commitCount === n;
    const actor = toAct(t);
    const ranking = over ? this.ranking() : null;
    return {
      seat: player,
      players: n,
      toAct: actor,
      isOver: over,
      variant: t.variant,
      phase: PHASES[t.phase],
      turn: t.turn,
      maxTurns: MAX_TURNS,
      mayor: t.mayor,
      hand: me >= 0 ? kindList(t.hands, me * DECK_KINDS, DECK_KINDS) : [],
      handSizes: Array.from(t.handSize),
      cities: seats.map((s) => kindList(t.cities, s * CITY_KINDS, CITY_KINDS)),
      power: Array.from(t.power),
      councilors: Array.from(t.councilors),
      freeBuilds: Array.from(t.freeBuilds),
      assembly: t.assembly,
      councilOpen: t.incomeUsed !== 0,
      incomeUsed: INCOME_CARDS.map((c) => (t.incomeUsed & (1 << c.id)) !== 0),
      deckSize: t.deck.length,
      discardSize: t.pile.length,
      discardsBySeat: seats.map((s) => pileCount(t, s)),
      ownDiscards: me >= 0 ? kindList(pileKinds(t, me), 0, DECK_KINDS) : [],
      publicDiscards: kindList(pileKinds(t, faceUpSource(t)), 0, DECK_KINDS),
      committed: seats.map((s) => t.commits[s] >= 0),
      ownAction: me >= 0 ? t.commits[me] : -1,
      revealed: revealed ? Array.from(t.commits) : null,
      pending:
        t.pendingKind < 0
          ? null
          : {
              seat: actor,
              kind: t.pendingKind,
              cost: t.pendingCost,
              due: t.pendingDue,
              power: powerCost(t, actor, t.pendingKind),
              sacrificed: t.pendingSacrificed,
            },
      setAsideCount: t.setAside.length,
      ownSetAside: actor === me ? t.setAside.slice().sort((a, b) => a - b) : [],
      scores: this.scores(),
      final: over ? this.finalScores() : null,
      winners: ranking === null ? [] : seats.filter((s) => ranking[s] === 0),
      ranking,
      truncated: t.truncated,
      log: t.log.slice(t.logStart).map(decodeEvent),
      lastMove: t.lastMove.map((i) => Math.max(0, i - t.logStart)),
    };
  }

  observation(player: number): Float32Array {
    return encodeCityPlan(this.view(player));
  }

  /**
   * §6: pools every card `player` cannot see (other hands, other set-aside cards, the deck, the other
   * seats' face-down discards) in ascending kind order, shuffles it with `rng` and deals it back
   * into the same slots; other seats' hidden action cards are redrawn; the world's RNG is reseeded.
   * Everything kept is public or the player's own, so the world depends on view(player) and rng only.
   */
  determinize(player: number, rng: Rng): CityPlanState {
    const w = cloneTable(this.t);
    const n = w.players;
    const hidden = new Array<number>(DECK_KINDS).fill(0);
    const hideSetAside = toAct(w) !== player;
    for (let s = 0; s < n; s++) {
      if (s !== player) for (let k = 0; k < DECK_KINDS; k++) hidden[k] += w.hands[s * DECK_KINDS + k];
    }
    if (hideSetAside) for (const k of w.setAside) hidden[k]++;
    const pileSources: number[] = [];
    const faceUp = faceUpSource(w);
    for (const entry of w.pile) {
      const source = Math.floor(entry / PILE_STRIDE);
      if (source !== player && source !== faceUp) {
        hidden[entry % PILE_STRIDE]++;
        pileSources.push(source);
      }
    }
    for (const k of w.deck) hidden[k]++;
    const pool: number[] = [];
    hidden.forEach((count, k) => {
      for (let i = 0; i < count; i++) pool.push(k);
    });
    rng.shuffleInPlace(pool);
    let next = 0;
    for (let s = 0; s < n; s++) {
      if (s === player) continue;
      w.hands.fill(0, s * DECK_KINDS, (s + 1) * DECK_KINDS);
      for (let i = 0; i < w.handSize[s]; i++) w.hands[s * DECK_KINDS + pool[next++]]++;
    }
    if (hideSetAside) for (let i = 0; i < w.setAside.length; i++) w.setAside[i] = pool[next++];
    // Pile entries are rebuilt in a canonical order: the kept ones (mine and face up), then the
    // resampled ones by source, so the world does not depend on the real pile's order either.
    pileSources.sort((a, b) => a - b);
    const kept = w.pile
      .filter((entry) => {
        const source = Math.floor(entry / PILE_STRIDE);
        return source === player || source === faceUp;
      })
      .sort((a, b) => a - b);
    w.pile.length = 0;
    w.pile.push(...kept);
    for (const source of pileSources) w.pile.push(source * PILE_STRIDE + pool[next++]);
    for (let i = 0; i < w.deck.length; i++) w.deck[i] = pool[next++];
    if (w.phase === PH_ACTION) {
      for (let s = 0; s < n; s++)
        if (s !== player && w.commits[s] >= 0) w.commits[s] = rng.int(ACTION_CARD_NAMES.length);
    }
    // Layouts the view does not show are normalised too: set-aside order, records before the log window.
    w.setAside.sort((x, y) => x - y);
    w.log.splice(0, w.logStart);
    for (let s = 0; s < n; s++) w.lastMove[s] = Math.max(0, w.lastMove[s] - w.logStart);
    w.logStart = 0;
    w.rng = rng.fork('world').state();
    return new CityPlanState(w);
  }

  clone(): CityPlanState {
    return new CityPlanState(cloneTable(this.t));
  }

  /**
   * Labels people read: 'play Council', 'build Department Store (1 card, 4 power)', 'draw 2 cards',
   * 'exchange Factory', 'pay with Factory', 'discard Factory', 'finish exchange (draw 2)',
   * 'sacrifice Construction Site', 'keep Construction Site'. Everything named is public or the
   * actor's own; out of context the generic label is used.
   */
  actionToString(action: number): string {
    if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
    const t = this.t;
    const seat = toAct(t);
    if (action < A_BUILD) return `play ${ACTION_CARD_NAMES[action]}`;
    if (action < A_DRAW_TWO) {
      const kind = action - A_BUILD;
      return t.phase === PH_BUILD ? `build ${buildLabel(t, seat, kind)}` : `build ${KINDS[kind].name}`;
    }
    if (action === A_DRAW_TWO) return 'draw 2 cards';
    if (action < A_FINISH_EXCHANGE) {
      const name = KINDS[action - A_DISCARD].name;
      if (t.phase === PH_EXCHANGE) return `exchange ${name}`;
      if (t.phase === PH_PAY) return `pay with ${name}`;
      return `discard ${name}`;
    }
    if (action === A_FINISH_EXCHANGE) {
      return t.phase === PH_EXCHANGE ? `finish exchange (draw ${t.setAside.length})` : 'finish exchange';
    }
    if (action === A_SACRIFICE) return `sacrifice ${KINDS[CONSTRUCTION_SITE].name} (${SACRIFICE_DISCOUNT} cards less)`;
    return `keep ${KINDS[CONSTRUCTION_SITE].name}`;
  }

  toJSON(): CityPlanJson {
    return tableToJson(this.t);
  }

  // ---- reads for evaluators, tests and the view ------------------------------------------------

  /** Items 1-6 of §7.1 per seat. */
  breakdowns(): ScoreBreakdown[] {
    const t = this.t;
    let most = 0;
    for (let s = 0; s < t.players; s++) most = Math.max(most, t.councilors[s]);
    return Array.from({ length: t.players }, (_, s) => scoreBreakdown(t.cities, s * CITY_KINDS, t.councilors[s], most));
  }

  /** Sum of the bonus values of the City Bonus cards a seat drew (0 before the end). */
  private cityBonus(seat: number): number {
    let points = 0;
    const draws = this.t.bonusDraws;
    for (let i = 0; i < draws.length; i += 2) if (draws[i] === seat) points += BONUS[draws[i + 1]];
    return points;
  }

  private finalScores(): FinalScore[] {
    const t = this.t;
    return this.breakdowns().map((b, s) => {
      const cityBonus = this.cityBonus(s);
      return {
        ...b,
        tickets: cityTickets(cityStats(t.cities, s * CITY_KINDS)),
        bonusCards: t.bonusDraws.filter((_, i) => i % 2 === 1 && t.bonusDraws[i - 1] === s),
        cityBonus,
        total: b.subtotal + cityBonus,
        cityHall: t.cities[s * CITY_KINDS + CITY_HALL] > 0,
      };
    });
  }

  /** Per seat, score (items 1-6) plus resources in points, as evaluatePosition weighs them. Public facts only. */
  worth(): number[] {
    const t = this.t;
    const actor = toAct(t);
    return this.scores().map((score, seat) => {
      const pending = t.pendingKind >= 0 && seat === actor ? KINDS[t.pendingKind].points + BUILDING_WORTH : 0;
      return (
        score +
        pending +
        CARD_WORTH * t.handSize[seat] +
        CHIP_WORTH * t.power[seat] +
        BUILDING_WORTH * t.buildings[seat]
      );
    });
  }
}

/** 'Department Store (1 card, 4 power)' for the seat building it now; '+10 power' for a plant. */
function buildLabel(t: Table, seat: number, kind: number): string {
  const k = KINDS[kind];
  const reduced = reducedCost(t, seat, kind);
  const power = k.type === 'P' ? `+${k.production} power` : `${powerCost(t, seat, kind)} power`;
  let cards = `${reduced} card${reduced === 1 ? '' : 's'}`;
  if (isSacrificeOffered(t, seat, reduced)) cards += ` or ${costAfterSacrifice(reduced)} with the site`;
  return `${k.name} (${cards}, ${power})`;
}

function wrongKind(t: Table, allowed: string): string {
  return `now seat ${toAct(t)} must ${DECISION_TEXT[PHASES[t.phase]]}: ${allowed}`;
}

/** Appends the discard action of every kind the seat holds, ascending. */
function pushHeld(t: Table, seat: number, out: number[]): void {
  const base = seat * DECK_KINDS;
  for (let k = 0; k < DECK_KINDS; k++) if (t.hands[base + k] > 0) out.push(A_DISCARD + k);
}

function parseConfig(config: unknown): Variant {
  if (config === undefined) return 'delta';
  const fail = (): never => {
    throw new AgoraError(
      'bad_request',
      `${GAME}: config is { variant?: 'delta' | 'plain' }; got ${JSON.stringify(config)}`,
    );
  };
  if (typeof config !== 'object' || config === null) return fail();
  const keys = Object.keys(config);
  if (keys.some((k) => k !== 'variant')) return fail();
  const variant = (config as { variant?: unknown }).variant;
  if (variant === undefined) return 'delta';
  if (!VARIANTS.includes(variant as Variant)) return fail();
  return variant as Variant;
}

/** Heuristic worth of resources in points: a hand card (the currency of §4.2.1), a chip, a building. */
const CARD_WORTH = 0.8;
const CHIP_WORTH = 0.15;
const BUILDING_WORTH = 1.5;
/** A lead of this many points maps to tanh(1) = 0.76 before the 0.95 squash. */
const LEAD_SCALE = 20;

/**
 * Heuristic value for search and greedy play (architecture `evaluate`): the return once the game is
 * over; before, my lead over the best other seat in score (items 1-6 of §7.1) plus resources: hand
 * cards, chips and buildings (progress toward the end). A building chosen but not yet paid for counts
 * as built, so a one-ply search sees the value of choosing it. Squashed strictly inside (-1, 1).
 */
export function evaluatePosition(state: CityPlanState, player: number): number {
  if (state.isTerminal()) return returnsFromRanking(state.ranking())[player];
  const worth = state.worth();
  let best = -Infinity;
  for (let s = 0; s < state.players; s++) if (s !== player) best = Math.max(best, worth[s]);
  return 0.95 * Math.tanh((worth[player] - best) / LEAD_SCALE);
}
