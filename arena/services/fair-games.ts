/**
 * The tournaments' share of the game runner. Every tournament playing in this process hands its
 * games here; at most `capacity` are in the runner at once, and each free slot goes to the next
 * game in a fair order:
 * - people's tournaments first, round-robin over the owners (accounts) with games waiting, then
 *   round-robin over that owner's tournaments, so a 500-game tournament takes its turn like a
 *   10-game one and one account's tournaments never crowd out another's;
 * - the arena's own ranking tournaments (no owner) last, round-robin among themselves, and on at
 *   most capacity - 1 slots (one when the capacity is 1): games in flight cannot be interrupted,
 *   so a slot the arena's own never hold is what lets a person's tournament start at once even
 *   while the first-start ranking plays minute-long games.
 * Games go to the runner one by one, each with its run's priority, so a runner that orders its own
 * backlog (the job queue) takes people's first too.
 */
import type { PlayedGame } from '../../play/index.js';
import type { GamePriority, GameRunner, RunnerJob } from '../queue/game-runner.js';

/** A tournament's games, as handed to the scheduler. */
export interface FairRun {
  /** The tournament's id. */
  id: string;
  /** The account whose tournament it is; undefined for the arena's own (lowest priority). */
  owner: string | undefined;
  jobs: readonly RunnerJob[];
  /** Called as each game finishes (position = index into jobs). */
  onResult: (result: PlayedGame, position: number) => void;
  /** Stops the run: its waiting games are dropped and those in flight stopped. */
  signal: AbortSignal;
}

interface Entry {
  run: FairRun;
  priority: GamePriority;
  /** Next job to hand out. */
  next: number;
  inFlight: number;
  /** Stops this run's games in flight (its signal, or a game of it that failed). */
  stop: AbortController;
  failure?: unknown;
  settled: boolean;
  settle: (failure?: unknown) => void;
}

export class FairGames {
  /** People's runs: owner -> their runs, both in the order they are served next. */
  private readonly people = new Map<string, Map<string, Entry>>();
  /** The arena's own runs, in the order they are served next. */
  private readonly arena = new Map<string, Entry>();
  private inFlight = 0;
  private arenaInFlight = 0;
  /** Slots the arena's own tournaments may hold: all but one. */
  readonly arenaSlots: number;

  constructor(
    private readonly runner: GameRunner,
    /** Games in the runner at once. */
    readonly capacity: number,
  ) {
    this.arenaSlots = Math.max(1, capacity - 1);
  }

  /**
   * Plays a run's games as slots come free; resolves when every one has finished, rejects with the
   * first that failed (the others of the run are then stopped) or once the signal aborts.
   */
  play(run: FairRun): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const stop = new AbortController();
      const entry: Entry = {
        run,
        priority: run.owner === undefined ? 'arena' : 'people',
        next: 0,
        inFlight: 0,
        stop,
        settled: false,
        settle: (failure) => {
          entry.settled = true;
          run.signal.removeEventListener('abort', onAbort);
          this.remove(entry);
          if (failure !== undefined) reject(failure);
          else resolve();
        },
      };
      const onAbort = () => this.fail(entry, run.signal.reason ?? new Error('the tournament run was stopped'));
      if (run.signal.aborted) return reject(run.signal.reason);
      run.signal.addEventListener('abort', onAbort, { once: true });
      if (entry.priority === 'arena') this.arena.set(run.id, entry);
      else {
        const mine = this.people.get(run.owner!) ?? new Map<string, Entry>();
        mine.set(run.id, entry);
        this.people.set(run.owner!, mine);
      }
      this.settleIfDone(entry);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.capacity) {
      const entry = this.nextPeople() ?? (this.arenaInFlight < this.arenaSlots ? this.nextOf(this.arena) : undefined);
      if (!entry) return;
      this.dispatch(entry);
    }
  }

  /** The next owner's next run with a game waiting; both go to the back of their lines. */
  private nextPeople(): Entry | undefined {
    for (const [owner, runs] of this.people) {
      const entry = this.nextOf(runs);
      if (!entry) continue;
      this.people.delete(owner);
      this.people.set(owner, runs);
      return entry;
    }
    return undefined;
  }

  /** The first run of a line with a game waiting, moved to the back of the line. */
  private nextOf(runs: Map<string, Entry>): Entry | undefined {
    for (const [id, entry] of runs) {
      if (entry.next >= entry.run.jobs.length || entry.failure !== undefined) continue;
      runs.delete(id);
      runs.set(id, entry);
      return entry;
    }
    return undefined;
  }

  private dispatch(entry: Entry): void {
    const position = entry.next++;
    const arena = entry.priority === 'arena';
    entry.inFlight++;
    this.inFlight++;
    if (arena) this.arenaInFlight++;
    this.runner
      .play([entry.run.jobs[position]], {
        signal: entry.stop.signal,
        priority: entry.priority,
        onResult: (result) => entry.run.onResult(result, position),
      })
      .catch((err: unknown) => this.fail(entry, err))
      .finally(() => {
        entry.inFlight--;
        this.inFlight--;
        if (arena) this.arenaInFlight--;
        this.settleIfDone(entry);
        this.pump();
      });
  }

  /** A game failed or the run was stopped: nothing more of it is handed out, and its games in flight stop. */
  private fail(entry: Entry, err: unknown): void {
    if (entry.failure !== undefined) return;
    entry.failure = err;
    entry.next = entry.run.jobs.length;
    entry.stop.abort(err);
    this.settleIfDone(entry);
  }

  private settleIfDone(entry: Entry): void {
    if (entry.settled || entry.next < entry.run.jobs.length || entry.inFlight > 0) return;
    entry.settle(entry.failure);
  }

  private remove(entry: Entry): void {
    if (entry.priority === 'arena') {
      if (this.arena.get(entry.run.id) === entry) this.arena.delete(entry.run.id);
      return;
    }
    const runs = this.people.get(entry.run.owner!);
    if (runs?.get(entry.run.id) !== entry) return;
    runs.delete(entry.run.id);
    if (runs.size === 0) this.people.delete(entry.run.owner!);
  }
}
