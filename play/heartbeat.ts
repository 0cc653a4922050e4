/**
 * A game thread's heartbeat: one SharedArrayBuffer per thread, written by the thread and read by
 * its supervisor, so watching every decision's time costs no message. Before each agent.act the
 * thread stores the decision index, the seat and a start time; after it, the action and the count
 * of actions. The supervisor polls it on a timer: a decision in progress for longer than its seat's
 * budget is an overrun, and the actions already played let it resume the game on a fresh thread.
 *
 * Clocks: both sides use Date.now(), one wall clock for every thread (performance.timeOrigin is
 * sampled per thread, so two threads' `timeOrigin + now()` can disagree by any clock step between
 * their starts). Timestamps are stored as ms since the task's epoch, which fits an Int32.
 *
 * Ordering: the thread stores SEAT and START before DECISION, and COUNT after each action. The
 * supervisor reads DECISION, SEAT, START, COUNT, then DECISION again: the decision is in progress
 * only if both DECISION reads agree and COUNT has not passed it. Seat and start from a later
 * decision can only be seen once COUNT already moved past the earlier one, so they are never
 * mistaken for it (Atomics are sequentially consistent).
 */

const DECISION = 0;
const SEAT = 1;
const START = 2;
const COUNT = 3;
/** Bumped by the supervisor when it has taken a spill. */
const ACK = 4;
const HEADER = 8;

/** Actions a heartbeat holds before the thread spills them to the supervisor by message. */
export const DEFAULT_ACTION_CAPACITY = 1 << 16;

export function createHeartbeat(capacity = DEFAULT_ACTION_CAPACITY): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (HEADER + capacity));
}

const capacityOf = (cells: Int32Array) => cells.length - HEADER;

/** The game thread's side. */
export class HeartbeatWriter {
  private readonly cells: Int32Array;
  private readonly capacity: number;
  private epoch = 0;
  /** Index of the game's action held in the buffer's first slot. */
  private base = 0;
  private spill: (actions: number[]) => void = () => {};

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
    this.capacity = capacityOf(this.cells);
  }

  /** A new task: the supervisor has reset the buffer to hold actions from `base` on. */
  startTask(epoch: number, base: number, spill: (actions: number[]) => void): void {
    this.epoch = epoch;
    this.base = base;
    this.spill = spill;
  }

  /** Decision `decision` (the number of actions before it) starts, for `seat`. */
  begin(decision: number, seat: number): void {
    Atomics.store(this.cells, SEAT, seat);
    Atomics.store(this.cells, START, Date.now() - this.epoch);
    Atomics.store(this.cells, DECISION, decision);
  }

  /** Action number `index` of the game was played. */
  record(index: number, action: number): void {
    if (index - this.base === this.capacity) this.spillAll();
    this.cells[HEADER + index - this.base] = action;
    Atomics.store(this.cells, COUNT, index + 1);
  }

  /**
   * A game longer than the buffer (rare: 65536 actions by default) hands the full buffer to the
   * supervisor and waits until it has taken it: only then may the slots be reused, and the
   * supervisor always knows every action (no decision is in progress meanwhile, so no overrun).
   */
  private spillAll(): void {
    const acked = Atomics.load(this.cells, ACK);
    this.spill(Array.from(this.cells.subarray(HEADER, HEADER + this.capacity)));
    while (Atomics.load(this.cells, ACK) === acked) Atomics.wait(this.cells, ACK, acked, 1000);
    this.base += this.capacity;
  }
}

/** The decision a thread is in, as its supervisor sees it. */
export interface DecisionInProgress {
  decision: number;
  seat: number;
  /** ms since the task's epoch. */
  start: number;
}

/** The supervisor's side. */
export class HeartbeatMonitor {
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /** Before a task is sent (the thread is idle): the buffer will hold actions from `base` on. */
  reset(base: number): void {
    Atomics.store(this.cells, DECISION, -1);
    Atomics.store(this.cells, COUNT, base);
  }

  /** The decision in progress, or undefined between decisions (or when it changed under the read). */
  deciding(): DecisionInProgress | undefined {
    const decision = Atomics.load(this.cells, DECISION);
    const seat = Atomics.load(this.cells, SEAT);
    const start = Atomics.load(this.cells, START);
    const count = Atomics.load(this.cells, COUNT);
    if (decision < 0 || count > decision || Atomics.load(this.cells, DECISION) !== decision) return undefined;
    return { decision, seat, start };
  }

  /** Actions `base` .. `end - 1` of the game (all recorded: the caller saw decision `end` in progress). */
  actions(base: number, end: number): number[] {
    return Array.from(this.cells.subarray(HEADER, HEADER + end - base));
  }

  /** A spill was taken: the thread may reuse the buffer. */
  ack(): void {
    Atomics.add(this.cells, ACK, 1);
    Atomics.notify(this.cells, ACK);
  }
}
