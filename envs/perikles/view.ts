/**
 * What one seat may see (§6), built field by field from a PeriklesPosition: every public fact, its own
 * Special tile, the strengths of the counters it controls, and for every other power only counts
 * and the multiset of strengths that are in the pool or face down. Seat -1 is the spectator.
 */
import { bitsOf, listOf } from '../core/arrays.js';
import type { EventLog } from '../core/event-log.js';
import type { PlayerView } from '../core/game.js';
import {
  CITIES,
  CITY_COUNT,
  CUBES_PER_PLAYER,
  KIND_COUNT,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  MAX_TURNS,
  POWERS,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_COUNT,
  kindPower,
  kindStrength,
  kindType,
  tilesPerPlayer,
} from './components.js';
import { score, sideStrength, statueCount } from './battle.js';
import { LOG_CAPACITY, type LogEntry } from './events.js';
import {
  DECISIONS,
  D_ALKI_DEST,
  LOC_CLAIMED,
  LOC_REMOVED,
  PHASES,
  PH_BATTLE,
  PH_COMMIT,
  PH_OVER,
  STEP_CAP,
  TILE_DISCARDED,
  type DecisionName,
  type PhaseName,
} from './components.js';
import { cubesOnBoard, type PeriklesPosition } from './position.js';
import { ranking as rankingOf } from './scoring.js';

/** Log events a spectator sees (the most recent ones). */
export const SPECTATOR_LOG = 24;
/** At most this many events since a seat's last move are shown (a short log; older ones are counted). */
export const VIEW_LOG_MAX = 40;

/**
 * A committed counter as a compact tuple (views are serialised often): power, type (0 hoplite,
 * 1 trireme), strength (1..4, or 0 while face down to this seat), side (0 attack, 1 defend), and
 * 1 if it is in the side's ally slot.
 */
export type CommittedView = readonly [power: number, type: number, strength: number, side: number, ally: number];

export interface LocationSlotView {
  readonly slot: number;
  /** Location id (components.ts LOCATIONS). */
  readonly location: number;
  readonly mainAttacker: number;
  readonly mainDefender: number;
  /** Counters in commit order. */
  readonly counters: CommittedView[];
  /** Powers granted permission to defend here this turn, and denied in the current commit turn. */
  readonly granted: number[];
  readonly denied: number[];
  /** Its battle has begun: every counter here is face up. */
  readonly revealed: boolean;
}

interface SpecialView {
  /** The tile (components.ts SPECIALS) if this seat may know it (its own, or used), else -1. */
  readonly tile: number;
  readonly used: boolean;
  /** Kinds the unused tile may still be, as everyone can tell from the windows asked (§6). */
  readonly possible: number[];
}

interface BattleView {
  readonly slot: number;
  readonly round: number;
  /** 0 hoplite, 1 trireme. */
  readonly roundType: number;
  /** Battle tokens held by attackers and defenders. */
  readonly tokens: number[];
  /** Token carried into this round: -1 none, 0 attackers, 1 defenders. */
  readonly carry: number;
  readonly brasidas: boolean;
  readonly phormio: boolean;
  /** Current attack and defence strengths of the round (all counters here are revealed). */
  readonly strengths: number[];
}

interface CommitView {
  /** The seat whose commit turn runs. */
  readonly seat: number;
  /** 2 or 1: the shard stage. */
  readonly stage: number;
  readonly basic: number;
  readonly extraCity: number;
  readonly extra: number;
  /** The selected counter awaiting a target (strength 0 unless this seat controls it), or null. */
  readonly selected: { power: number; type: number; strength: number } | null;
  /** Slot and side awaiting permission, or null. */
  readonly request: { slot: number; side: number } | null;
}

export interface PeriklesView extends PlayerView {
  readonly turn: number;
  readonly maxTurns: number;
  readonly startPlayer: number;
  readonly phase: PhaseName;
  readonly decision: DecisionName;
  /** Applied actions so far, and the environment cap (§7). */
  readonly steps: number;
  readonly stepCap: number;
  readonly truncated: boolean;
  /** Regular cubes [seat][city], cubes left in supply per seat. */
  readonly cubes: number[][];
  readonly supply: number[];
  /** [city][α, β] = seat or -1. */
  readonly candidates: number[][];
  readonly leaders: number[];
  readonly persianLeaders: number[];
  readonly statues: number[][];
  readonly defeats: number[];
  readonly scores: number[];
  readonly tileVp: number[];
  readonly statueCounts: number[];
  /** Location ids claimed by each seat, and removed from the game. */
  readonly claimed: number[][];
  readonly removed: number[];
  readonly locationDeck: number;
  /** The seven Location slots (null once resolved or before dealing). */
  readonly locations: (LocationSlotView | null)[];
  /** Influence display (tile id or -1), deck size, tiles held per seat, discarded tiles. */
  readonly display: number[];
  readonly influenceDeck: number;
  readonly held: number[][];
  readonly discarded: number[];
  readonly tilesPerPlayer: number;
  /** The influence tile being resolved (public), or -1. */
  readonly currentTile: number;
  /** Alkibiades source awaiting a destination: [city, owner], or null. */
  readonly alkibiadesSource: number[] | null;
  readonly specials: SpecialView[];
  /** Counter counts by kind (components.ts kindOf): stacks and dead pool (public). */
  readonly stack: number[];
  readonly dead: number[];
  /** Uncommitted counters per power·2 + type (public counts). */
  readonly poolCounts: number[];
  /** Pool strengths by kind for powers this seat controls (0 for others). */
  readonly pool: number[];
  /** For powers this seat does not control: strengths in pool ∪ face-down committed, by kind. */
  readonly unseen: number[];
  /** Powers this seat controls this turn. */
  readonly controlled: number[];
  /** [power][power]: 0 neutral, 1 allied, 2 at war (the diagonal is allied). */
  readonly relations: number[][];
  readonly firstCommit: number;
  readonly commit: CommitView | null;
  readonly battle: BattleView | null;
  /** Public bookkeeping of the decision machine (so a view pins down every public fact). */
  readonly progress: {
    readonly placed: number;
    readonly specialFrom: number;
    readonly alkibiadesMoves: number;
    readonly nomSeat: number;
    readonly deadIndex: number;
    readonly deadDone: number[];
    readonly windowPos: number;
    readonly loser: number;
  };
  /** Final places once the game is over, else []. */
  readonly ranking: number[];
  /** Events since this seat's last move (the spectator: the latest ones), oldest first. */
  readonly log: LogEntry[];
  /** Events of that stretch that no longer fit the log. */
  readonly logDropped: number;
}

/** A log record as views carry it (one module-level function: EventLog.mapEntries caches by it). */
function toLogEntry(kind: string, args: number[]): LogEntry {
  return [kind as LogEntry[0], ...args];
}

/** Logs viewed before (see logTail). */
const VIEWED = new WeakSet<EventLog>();

/**
 * The log's records from record `first` on, as view entries. A log's first view converts just that
 * tail (at most VIEW_LOG_MAX records): a determinized, cloned or loaded world is mostly viewed once
 * (search agents), and mapEntries' first call would convert every live record (up to 320, ~35 µs).
 * From a log's second view on (a live game viewed at every step), mapEntries converts only the
 * records pushed since its last call, and the view costs a slice.
 */
function logTail(log: EventLog, first: number): LogEntry[] {
  if (VIEWED.has(log)) return log.mapEntries(toLogEntry).slice(first);
  VIEWED.add(log);
  return log.entries(first).map((e) => toLogEntry(e.kind, e.args));
}

/** Seat p controls `power` this turn, so it sees that power's strengths. */
function controlsPower(t: PeriklesPosition, p: number, power: number): boolean {
  return p >= 0 && ((t.ctrl[p] >> power) & 1) === 1;
}

export function view(t: PeriklesPosition, p: number): PeriklesView {
  const ranking = t.phase === PH_OVER ? rankingOf(t) : [];
  const n = t.players;
  const revealedSlot = t.phase === PH_BATTLE ? t.bSlot : -1;
  const locations: (LocationSlotView | null)[] = [];
  for (let slot = 0; slot < LOCATION_SLOTS; slot++) {
    const loc = t.locSlot[slot];
    if (loc < 0) {
      locations.push(null);
      continue;
    }
    const counters: CommittedView[] = [];
    for (let i = 0; i < t.comLen; i++) {
      const place = t.comPlace[i];
      if (place >> 2 !== slot) continue;
      const kind = t.comKind[i];
      const visible = slot === revealedSlot || controlsPower(t, p, kindPower(kind));
      counters.push([kindPower(kind), kindType(kind), visible ? kindStrength(kind) : 0, (place >> 1) & 1, place & 1]);
    }
    locations.push({
      slot,
      location: loc,
      mainAttacker: t.mainAtt[slot],
      mainDefender: t.mainDef[slot],
      counters,
      granted: bitsOf(t.granted[slot], POWER_COUNT),
      denied: bitsOf(t.denied[slot], POWER_COUNT),
      revealed: slot === revealedSlot,
    });
  }

  const pool = new Array<number>(KIND_COUNT).fill(0);
  const unseen = new Array<number>(KIND_COUNT).fill(0);
  const poolCounts = new Array<number>(POWER_COUNT * 2).fill(0);
  for (let k = 0; k < KIND_COUNT; k++) {
    poolCounts[kindPower(k) * 2 + kindType(k)] += t.pool[k];
    if (controlsPower(t, p, kindPower(k))) pool[k] = t.pool[k];
    else unseen[k] = t.pool[k];
  }
  for (let i = 0; i < t.comLen; i++) {
    const kind = t.comKind[i];
    if (t.comPlace[i] >> 2 !== revealedSlot && !controlsPower(t, p, kindPower(kind))) unseen[kind]++;
  }

  // The per-seat lists in one loop (cubes on the board counted once for supply and score).
  const cubes: number[][] = [];
  const supply: number[] = [];
  const statues: number[][] = [];
  const scores: number[] = [];
  const statueCounts: number[] = [];
  const specials: SpecialView[] = [];
  const claimed: number[][] = [];
  const held: number[][] = [];
  for (let s = 0; s < n; s++) {
    cubes.push(listOf(t.cubes, s * CITY_COUNT, (s + 1) * CITY_COUNT));
    const onBoard = cubesOnBoard(t, s);
    supply.push(CUBES_PER_PLAYER - onBoard); // supplyOf(t, s)
    statues.push(listOf(t.statues, s * CITY_COUNT, (s + 1) * CITY_COUNT));
    scores.push(score(t, s, onBoard));
    statueCounts.push(statueCount(t, s));
    const used = (t.specialUsed & (1 << s)) !== 0;
    specials.push({
      tile: used || s === p ? t.special[s] : -1,
      used,
      possible: used ? [] : bitsOf(t.possible[s], SPECIAL_COUNT),
    });
    claimed.push([]);
    held.push([]);
  }

  let commit: CommitView | null = null;
  if (t.phase === PH_COMMIT) {
    const sel = t.selKind;
    const selVisible = sel >= 0 && controlsPower(t, p, kindPower(sel));
    commit = {
      seat: t.commitSeat,
      stage: t.stage,
      basic: t.basic,
      extraCity: t.extraCity,
      extra: t.extra,
      selected:
        sel < 0 ? null : { power: kindPower(sel), type: kindType(sel), strength: selVisible ? kindStrength(sel) : 0 },
      request: t.pendTarget < 0 ? null : { slot: t.pendTarget >> 1, side: t.pendTarget & 1 },
    };
  }

  let battle: BattleView | null = null;
  if (t.phase === PH_BATTLE && t.bSlot >= 0 && t.bSlot < LOCATION_SLOTS && t.locSlot[t.bSlot] >= 0) {
    battle = {
      slot: t.bSlot,
      round: t.bRound,
      roundType: LOCATIONS[t.locSlot[t.bSlot]].rounds[t.bRound],
      tokens: [t.tokA, t.tokD],
      carry: t.carry,
      brasidas: (t.bFlags & 1) !== 0,
      phormio: (t.bFlags & 2) !== 0,
      strengths: [sideStrength(t, 0), sideStrength(t, 1)],
    };
  }

  const start = p >= 0 ? t.lastMove[p] : t.logCount - SPECTATOR_LOG;
  const from = Math.max(start, t.logCount - Math.min(LOG_CAPACITY, VIEW_LOG_MAX), 0);
  // Record r of the EventLog is event number logCount - log.length + r.
  const log = logTail(t.log, Math.max(0, from - (t.logCount - t.log.length)));

  const removed: number[] = [];
  for (let loc = 0; loc < LOCATION_COUNT; loc++) {
    if (t.locAt[loc] === LOC_REMOVED) removed.push(loc);
    if (t.locAt[loc] === LOC_CLAIMED) for (let s = 0; s < n; s++) if (t.locClaim[loc] & (1 << s)) claimed[s].push(loc);
  }
  const discarded: number[] = [];
  for (let tile = 0; tile < TILE_COUNT; tile++) {
    if (t.tileAt[tile] < n) held[t.tileAt[tile]].push(tile);
    else if (t.tileAt[tile] === TILE_DISCARDED) discarded.push(tile);
  }

  return {
    seat: p,
    players: n,
    toAct: t.actor,
    isOver: t.phase === PH_OVER,
    turn: t.turn,
    maxTurns: MAX_TURNS,
    startPlayer: t.start,
    phase: PHASES[t.phase],
    decision: DECISIONS[t.dec],
    steps: t.steps,
    stepCap: STEP_CAP,
    truncated: t.truncated,
    cubes,
    supply,
    candidates: CITIES.map((_, c) => [t.cand[c * 2], t.cand[c * 2 + 1]]),
    leaders: listOf(t.leader),
    persianLeaders: bitsOf(t.persians, n),
    statues,
    defeats: listOf(t.defeats),
    scores,
    tileVp: listOf(t.tileVp),
    statueCounts,
    claimed,
    removed,
    locationDeck: LOCATION_COUNT - t.locPos,
    locations,
    display: listOf(t.display),
    influenceDeck: TILE_COUNT - t.infPos,
    held,
    discarded,
    tilesPerPlayer: tilesPerPlayer(n),
    currentTile: t.curTile,
    alkibiadesSource: t.dec === D_ALKI_DEST ? [Math.floor(t.alkiSource / 5), t.alkiSource % 5] : null,
    specials,
    stack: listOf(t.stack),
    dead: listOf(t.dead),
    poolCounts,
    pool,
    unseen,
    controlled: p >= 0 ? bitsOf(t.ctrl[p], POWER_COUNT) : [],
    relations: POWERS.map((_, u) => POWERS.map((__, v) => ((t.allied[u] >> v) & 1 ? 1 : (t.war[u] >> v) & 1 ? 2 : 0))),
    firstCommit: t.firstCommit,
    commit,
    battle,
    progress: {
      placed: t.placed,
      specialFrom: t.specialFrom,
      alkibiadesMoves: t.alkiMoves,
      nomSeat: t.nomSeat,
      deadIndex: t.deadIndex,
      deadDone: bitsOf(t.deadDone, CITY_COUNT),
      windowPos: t.winPos,
      loser: t.loser,
    },
    ranking,
    log,
    logDropped: from - Math.max(start, 0),
  };
}
