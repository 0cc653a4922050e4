/**
 * Waiting work shared fairly by owner, then by key: the next item goes to the waiting owner that
 * has used the least thread time (its decisions finished plus those running now), and within an
 * owner round-robin over its keys (matches). So an owner whose bots think for a second per decision
 * gets the same share of the threads as one whose bots answer in 50 ms, and the cheap one waits for
 * no queue of the other's: at most for a decision already running.
 *
 * Only owners with work waiting or running are kept. One that comes back starts level with the
 * least-served owner present, less a small allowance (SLEEPER_ALLOWANCE_MS, as Linux's CFS gives a
 * waking task), so pausing between moves neither hoards credit nor costs the next turn.
 */

/** What an owner that was idle is credited when it comes back, ms of thread time. */
const SLEEPER_ALLOWANCE_MS = 100;

interface Owner<T> {
  /** Thread time of its finished work, ms (relative: see the header). */
  used: number;
  /** Start times (performance.now()) of its work running now. */
  running: Set<Running>;
  /** Waiting items by key, keys in the order they are served next. */
  waiting: Map<string, T[]>;
}

/** A piece of work handed out: give it back to end() when it finishes. */
export interface Running {
  readonly owner: string;
  readonly since: number;
}

export class FairShare<T> {
  private readonly owners = new Map<string, Owner<T>>();
  private count = 0;

  /** Items waiting. */
  get waiting(): number {
    return this.count;
  }

  add(owner: string, key: string, item: T): void {
    const o = this.owner(owner);
    const queue = o.waiting.get(key) ?? [];
    queue.push(item);
    o.waiting.set(key, queue);
    this.count++;
  }

  /** Takes an item out of the line (a request given up); false if it was not waiting. */
  remove(owner: string, key: string, item: T): boolean {
    const o = this.owners.get(owner);
    const queue = o?.waiting.get(key);
    const at = queue?.indexOf(item) ?? -1;
    if (at < 0) return false;
    queue!.splice(at, 1);
    if (queue!.length === 0) o!.waiting.delete(key);
    this.count--;
    this.forgetIfIdle(owner);
    return true;
  }

  /** The next item by the rule above, now running for its owner; undefined when nothing waits. */
  next(): { item: T; running: Running } | undefined {
    const now = performance.now();
    let best: [string, Owner<T>] | undefined;
    let bestUsed = Infinity;
    for (const entry of this.owners) {
      if (entry[1].waiting.size === 0) continue;
      const used = this.usedBy(entry[1], now);
      if (used < bestUsed) {
        best = entry;
        bestUsed = used;
      }
    }
    if (!best) return undefined;
    const [name, o] = best;
    const [key, queue] = o.waiting.entries().next().value!;
    const item = queue.shift()!;
    o.waiting.delete(key);
    if (queue.length > 0) o.waiting.set(key, queue);
    this.count--;
    return { item, running: this.begin(name) };
  }

  /** Work of `owner` starts now without waiting (a thread was free). */
  begin(owner: string): Running {
    const running: Running = { owner, since: performance.now() };
    this.owner(owner).running.add(running);
    return running;
  }

  /** The work finished: its thread time is charged to its owner. */
  end(running: Running): void {
    const o = this.owners.get(running.owner);
    if (!o?.running.delete(running)) return;
    o.used += performance.now() - running.since;
    this.forgetIfIdle(running.owner);
  }

  private usedBy(o: Owner<T>, now: number): number {
    let used = o.used;
    for (const r of o.running) used += now - r.since;
    return used;
  }

  private owner(name: string): Owner<T> {
    let o = this.owners.get(name);
    if (!o) {
      const now = performance.now();
      let least = Infinity;
      for (const other of this.owners.values()) least = Math.min(least, this.usedBy(other, now));
      const used = least === Infinity ? 0 : Math.max(0, least - SLEEPER_ALLOWANCE_MS);
      o = { used, running: new Set(), waiting: new Map() };
      this.owners.set(name, o);
    }
    return o;
  }

  private forgetIfIdle(name: string): void {
    const o = this.owners.get(name);
    if (o && o.waiting.size === 0 && o.running.size === 0) this.owners.delete(name);
  }
}
