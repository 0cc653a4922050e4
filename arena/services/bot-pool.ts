import { AgoraError, type GameState } from '../../envs/index.js';
import { WorkerPool, WorkerTimeout, type ThreadInfo } from '../../play/index.js';
import type { BotJob, BotReply, DecideJob } from './bot-messages.js';
import { decideInline, decidesInline } from './inline-bots.js';
import { FairShare, type Running } from './fair-share.js';

const ENTRY = new URL('./bot-worker-entry.js', import.meta.url);
/** Time to build an agent (a new thread loads its code; a model is read from disk); not part of a decision's budget. */
const LOAD_MS = 60_000;
/**
 * Added to every budget for the thread round trip, so an agent that stops on time (mcts ms=) is
 * not counted as overrunning.
 */
const BUDGET_GRACE_MS = 250;
/**
 * How long a thread stays with a match after its decision while others wait, for the match's next
 * decision (its next bot seat usually asks within a few milliseconds): anticipatory scheduling
 * (Iyer and Druschel, SOSP 2001). Without it the thread goes to a waiting costly bot at once, and a
 * person whose move is answered by ten cheap decisions waits ten costly ones.
 */
const LINGER_MS = 25;
/** Positions of live matches each thread keeps by default (a Promotion position is a few kB). */
const POSITIONS_PER_THREAD = 2000;

/** A bot's answer: its action, or that it overran its budget (the caller then plays a seeded random action). */
export type BotAnswer = { action: number; overrun: false } | { overrun: true };

export interface BotRequest {
  /**
   * The match deciding (its id): its decisions go to the thread that holds its position when that
   * thread is free, and an owner's waiting requests are served round-robin across its matches.
   */
  key: string;
  /**
   * Who the decision's thread time is charged to: the account that owns the bot. Undefined for the
   * arena's own bots, and then each match is an owner of its own (see BotPool).
   */
  owner?: string;
  /** Wall-clock budget of this decision, ms. */
  budgetMs: number;
  game: string;
  spec: string;
  /** Seed of the bot's RNG for this decision. */
  seed: string;
  /**
   * The match's secret seed, seat count and every action so far: a thread holding a prefix gets
   * only the rest; a queued decision is rebuilt from them.
   */
  match: { seed: string; players: number; actions: readonly number[] };
  /** The position after match.actions: decided on here by inline bots, sent whole to a thread without it. */
  state: GameState;
}

export interface BotPoolOptions {
  /** Match positions each thread keeps, least recently used dropped first (default 2000). */
  positionsPerThread?: number;
  /** Whether `random` decides on the main thread (default true; false sends every bot to the threads). */
  inline?: boolean;
  /** Where the other bots decide instead of this process's threads (the job queue: QueueBots). */
  remote?: { decide(request: BotRequest): Promise<BotAnswer> };
}

/** How decisions were made since the pool started (benchmarks, tests). */
export interface BotPoolCounts {
  /** On the main thread (decidesInline). */
  inline: number;
  /** Sent to a thread as the actions since its last decision of the match. */
  delta: number;
  /** Sent with the whole state (the thread did not hold the match). */
  whole: number;
  /** Sent to the remote decider (the job queue). */
  remote: number;
  /** Sent as a delta, answered `missing` (the thread had dropped the position), then sent whole. */
  missing: number;
}

/** One thread; a match's decisions go to its home shard while that one is free. */
interface Shard {
  pool: WorkerPool<BotJob, BotReply>;
  /** Whether a decision is in hand here, or the shard is kept for a match's next one (one at a time). */
  busy: boolean;
  /** The match the shard is kept for a moment after its decision (see LINGER_MS), and until when. */
  keptFor?: { key: string; timer: NodeJS.Timeout };
  /** Matches whose home this is. */
  homes: number;
  /** Positions the thread said it held at its last answer. */
  positions: number;
}

/** Where a match's position is: its shard, the thread that was sent it, and at how many actions. */
interface Home {
  shard: Shard;
  thread?: ThreadInfo;
  held: number;
}

/** A request waiting for a thread: it is handed the shard that came free. */
interface Waiter {
  resolve: (shard: Shard, running: Running) => void;
  reject: (err: Error) => void;
}

/**
 * Bot decisions for people's games, off the event loop so the server stays responsive.
 * - `random` decides on the main thread (inline-bots.ts): a round trip would cost more than it.
 * - With a remote decider (REDIS_URL: the job queue, arena/queue/queue-bots.ts), the other bots
 *   decide on `agora worker` processes, like tournament games; otherwise here:
 * - Every other bot decides on a thread that keeps the positions of the matches it serves
 *   (bot-worker.ts): a match's decisions go to the same thread, its home, and carry only the
 *   actions played since the last one. The whole state goes when the thread cannot hold it (the
 *   match moved to another thread; a new thread after an overrun or a crash; a thread that
 *   dropped it, answering `missing`). forget() drops it.
 * - The threads are shared fairly, owner by owner (fair-share.ts): a free thread takes the waiting
 *   request of the owner that has used the least thread time, round-robin over that owner's
 *   matches, and goes to the match's home when that is the thread that came free, else the match
 *   moves. The owner is the account that owns the bot, so six people playing one account's (or six
 *   accounts') costly bots get six shares, not the threads; the arena's own bots are bounded by the
 *   operator, and each match playing them is an owner of its own, so people playing the roster are
 *   never queued behind one another as one owner. A cheap decision then waits at most for one
 *   decision already running, whatever others have queued.
 * - Every decision has a wall-clock budget: a bot still thinking when it runs out has its thread
 *   terminated (synchronous search cannot be interrupted from inside; terminating stops it at once)
 *   and answers `overrun`. From the first overrun on, a shard keeps a spare thread loaded, so the
 *   next decision does not wait seconds for a new thread to load. The budget starts once the agent
 *   is built (the worker says `started`); building has LOAD_MS.
 */
export class BotPool {
  private readonly shards: Shard[];
  /** Matches' homes, least recently used first; bounded like the threads' positions. */
  private readonly homes = new Map<string, Home>();
  private readonly maxHomes: number;
  private readonly inline: boolean;
  private readonly remote: BotPoolOptions['remote'];
  private readonly fair = new FairShare<Waiter>();
  private closed = false;
  readonly counts: BotPoolCounts = { inline: 0, delta: 0, whole: 0, missing: 0, remote: 0 };

  constructor(size: number, options: BotPoolOptions = {}) {
    const positions = options.positionsPerThread ?? POSITIONS_PER_THREAD;
    this.inline = options.inline ?? true;
    this.remote = options.remote;
    this.maxHomes = Math.max(1, positions * size);
    this.shards = Array.from({ length: size }, () => ({
      pool: new WorkerPool<BotJob, BotReply>({
        name: 'the bot pool',
        entry: ENTRY,
        size: 1,
        unref: true,
        workerData: () => ({ positions }),
        isFinal: (reply) => !reply.started,
      }),
      busy: false,
      homes: 0,
      positions: 0,
    }));
  }

  async decide(request: BotRequest): Promise<BotAnswer> {
    if (this.inline && decidesInline(request.spec)) {
      this.counts.inline++;
      return { action: decideInline(request.game, request.spec, request.state, request.seed), overrun: false };
    }
    if (this.remote) {
      this.counts.remote++;
      return this.remote.decide(request);
    }
    const owner = request.owner !== undefined ? `account ${request.owner}` : `match ${request.key}`;
    const { shard, running } = await this.acquire(owner, request.key);
    let answered = false;
    try {
      const home = this.homeOn(request.key, shard);
      let reply = await this.ask(home, request, false);
      if (reply !== 'overrun' && reply.missing) {
        this.counts.missing++;
        reply = await this.ask(home, request, true);
      }
      if (reply === 'overrun') return { overrun: true };
      if (reply.error !== undefined)
        throw new AgoraError('unavailable', `bot ${request.spec} failed: ${reply.error}; reload to retry`);
      if (reply.action === undefined) throw new Error('the bot pool: a thread sent the whole state answered missing');
      shard.positions = reply.positions;
      answered = true;
      return { action: reply.action, overrun: false };
    } finally {
      this.release(shard, running, answered ? request.key : undefined);
    }
  }

  /** The match ended: its thread drops its position. */
  forget(key: string): void {
    const home = this.homes.get(key);
    if (!home) return;
    this.homes.delete(key);
    this.leave(key, home);
  }

  /** Requests waiting for a thread (benchmarks, tests). */
  get queued(): number {
    return this.fair.waiting;
  }

  /** Threads alive, loaded spares included (tests). */
  get liveThreads(): number {
    return this.shards.reduce((n, s) => n + s.pool.liveThreads, 0);
  }

  /** Match positions the threads held at their last answers (tests). */
  get positionsHeld(): number {
    return this.shards.reduce((n, s) => n + s.positions, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.shards) clearTimeout(s.keptFor?.timer);
    const closed = new AgoraError('unavailable', 'the bot pool closed');
    for (let next = this.fair.next(); next; next = this.fair.next()) next.item.reject(closed);
    await Promise.all(this.shards.map((s) => s.pool.close()));
  }

  /**
   * A free shard for the owner's request: at once when one is free and nobody waits (the match's
   * home if it is free), else when one comes free and the request's turn has come.
   */
  private acquire(owner: string, key: string): Promise<{ shard: Shard; running: Running }> {
    if (this.closed) return Promise.reject(new AgoraError('unavailable', 'the bot pool is closed'));
    const kept = this.shards.find((s) => s.keptFor?.key === key);
    if (kept) {
      clearTimeout(kept.keptFor!.timer);
      kept.keptFor = undefined;
      return Promise.resolve({ shard: kept, running: this.fair.begin(owner) });
    }
    const home = this.homes.get(key)?.shard;
    const free = home && !home.busy ? home : this.idleShard();
    if (free && this.fair.waiting === 0) {
      free.busy = true;
      return Promise.resolve({ shard: free, running: this.fair.begin(owner) });
    }
    return new Promise((resolve, reject) => {
      this.fair.add(owner, key, { resolve: (shard, running) => resolve({ shard, running }), reject });
    });
  }

  /**
   * A decision is done: its time is charged, and the next waiting request takes the shard; or, when
   * its owner would be served first anyway, the shard waits LINGER_MS for the match's next decision.
   */
  private release(shard: Shard, running: Running, key?: string): void {
    this.fair.end(running);
    if (key !== undefined && !this.closed && this.fair.waiting > 0 && this.fair.isAhead(running.owner)) {
      const timer = setTimeout(() => {
        shard.keptFor = undefined;
        this.handOut(shard);
      }, LINGER_MS);
      timer.unref();
      shard.keptFor = { key, timer };
      return;
    }
    this.handOut(shard);
  }

  /** The shard is free: the next waiting request takes it. */
  private handOut(shard: Shard): void {
    shard.busy = false;
    const next = this.fair.next();
    if (!next) return;
    shard.busy = true;
    next.item.resolve(shard, next.running);
  }

  /** An idle shard, the one with the fewest matches at home. */
  private idleShard(): Shard | undefined {
    let best: Shard | undefined;
    for (const s of this.shards) if (!s.busy && (!best || s.homes < best.homes)) best = s;
    return best;
  }

  /** One round trip; `whole` sends the whole state even when the thread should hold the match. */
  private async ask(home: Home, request: BotRequest, whole: boolean): Promise<BotReply | 'overrun'> {
    const { key, budgetMs, game, spec, seed, match, state } = request;
    const body = (thread: ThreadInfo): Omit<DecideJob, 'id'> => {
      const held = home.thread === thread && !whole && home.held <= match.actions.length ? home.held : undefined;
      // Recorded as sent: if the thread fails to keep it, it answers missing, or it is gone.
      home.thread = thread;
      home.held = match.actions.length;
      const job = { type: 'decide' as const, game, spec, seed, match: key, matchSeed: match.seed };
      if (held !== undefined) {
        this.counts.delta++;
        return { ...job, held, actions: match.actions.slice(held) };
      }
      this.counts.whole++;
      return { ...job, held: match.actions.length, actions: [], state: state.toJSON() };
    };
    let started = false;
    try {
      return await home.shard.pool.request(body, {
        key,
        timeoutMs: LOAD_MS,
        // The agent is built: from now on the decision's own budget runs.
        onProgress: () => {
          started = true;
          return budgetMs + BUDGET_GRACE_MS;
        },
      });
    } catch (err) {
      if (!(err instanceof WorkerTimeout)) throw err;
      if (started) {
        // Its thread is terminated; the next decision here should not wait for one to load.
        home.shard.pool.keepSpare();
        return 'overrun';
      }
      throw new AgoraError('unavailable', `bot ${spec} did not load within ${LOAD_MS / 1000} s; reload to retry`);
    }
  }

  /** The match's home, most recently used now, on `shard`: a match whose home is elsewhere moves here. */
  private homeOn(key: string, shard: Shard): Home {
    let home = this.homes.get(key);
    this.homes.delete(key);
    if (home && home.shard !== shard) {
      this.leave(key, home);
      home = undefined;
    }
    if (!home) {
      home = { shard, held: 0 };
      shard.homes++;
      if (this.homes.size >= this.maxHomes) {
        const [oldest, old] = this.homes.entries().next().value!;
        this.homes.delete(oldest);
        this.leave(oldest, old);
      }
    }
    this.homes.set(key, home);
    return home;
  }

  /** The match no longer lives on this home's thread. */
  private leave(key: string, home: Home): void {
    home.shard.homes--;
    home.shard.pool.post(0, { type: 'forget', match: key });
  }
}
