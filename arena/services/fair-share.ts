/**
 * Waiting work shared fairly by owner, then by key: the next item goes to the waiting owner that
 * has used the least thread time (its decisions finished plus those running now), and within an
 * owner round-robin over its keys (matches). So an owner whose bots think for a second per decision
 * gets the same share of the threads as one whose bots answer in 50 ms, and the cheap one waits for
 * no queue of the other's: at most for a decision already running.
 *
 * An owner that goes idle (between two decisions of its bots, or for good) keeps its account, and
 * when it comes back starts no lower than the least-served busy owner less a small allowance
 * (SLEEPER_ALLOWANCE_MS, as Linux's CFS does for a waking task): a pause neither hoards credit nor
 * wipes out what it used. Idle owners the allowance would lift anyway are dropped.
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

  /** Whether `owner`'s next item would go before every item waiting now. */
  isAhead(owner: string): boolean {
    const now = performance.now();
    let least = Infinity;
    for (const o of this.owners.values()) if (o.waiting.size > 0) least = Math.min(least, this.usedBy(o, now));
    const o = this.owners.get(owner);
    // An owner dropped while idle comes back below every busy one.
    return o === undefined || this.usedBy(o, now) <= least;
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

  private isIdle(o: Owner<T>): boolean {
    return o.waiting.size === 0 && o.running.size === 0;
  }

  /** The least thread time used by a busy owner (not `except`), or undefined when none is busy. */
  private least(except?: Owner<T>): number | undefined {
    const now = performance.now();
    let least: number | undefined;
    for (const o of this.owners.values()) {
      if (o === except || this.isIdle(o)) continue;
      const used = this.usedBy(o, now);
      if (least === undefined || used < least) least = used;
    }
    return least;
  }

  /** The owner's account, made busy: an idle one is lifted to the allowance below the least-served busy owner. */
  private owner(name: string): Owner<T> {
    let o = this.owners.get(name);
    if (o && !this.isIdle(o)) return o;
    const least = this.least(o);
    const floor = least === undefined ? 0 : least - SLEEPER_ALLOWANCE_MS;
    if (!o) {
      o = { used: floor, running: new Set(), waiting: new Map() };
      this.owners.set(name, o);
    } else o.used = Math.max(o.used, floor);
    return o;
  }

  /** Drops idle owners that the allowance would lift anyway when they come back. */
  private forgetIfIdle(name: string): void {
    const o = this.owners.get(name);
    if (!o || !this.isIdle(o)) return;
    const least = this.least();
    if (least === undefined) {
      // Nobody is busy: every account starts afresh.
      this.owners.clear();
      return;
    }
    for (const [other, idle] of this.owners) {
      if (this.isIdle(idle) && idle.used <= least - SLEEPER_ALLOWANCE_MS) this.owners.delete(other);
    }
  }
}
