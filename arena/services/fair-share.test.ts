import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FairShare, type Running } from './fair-share.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs `ms` of an owner's work on the one thread: begun now, ended `ms` later. */
function work(fair: FairShare<string>, running: Running, ms: number): void {
  vi.advanceTimersByTime(ms);
  fair.end(running);
}

describe('FairShare', () => {
  test('an owner idle between two decisions keeps what it used: a newcomer goes before its next one', () => {
    const fair = new FairShare<string>();
    // Six costly owners take turns on one thread, each idle for a moment between its decisions.
    const costly = ['a', 'b', 'c', 'd', 'e', 'f'];
    work(fair, fair.begin('a'), 600);
    for (const owner of costly.slice(1)) fair.add(owner, `${owner}:match`, owner);
    fair.add('a', 'a:match', 'a');
    for (let i = 0; i < 3; i++) {
      const next = fair.next()!;
      work(fair, next.running, 600);
      fair.add(next.item, `${next.item}:match`, next.item);
    }
    // A cheap owner asks now: it is served next, not after every costly owner waiting.
    fair.add('cheap', 'cheap:match', 'cheap');
    expect(fair.next()!.item).toBe('cheap');
  });

  test('within an owner, its matches take turns; between owners, the least thread time goes first', () => {
    const fair = new FairShare<string>();
    const first = fair.begin('x');
    fair.add('x', 'm1', 'x-m1');
    fair.add('x', 'm1', 'x-m1-again');
    fair.add('x', 'm2', 'x-m2');
    work(fair, first, 50);
    fair.add('y', 'n1', 'y-n1');
    const order: string[] = [];
    for (let next = fair.next(); next; next = fair.next()) {
      order.push(next.item);
      work(fair, next.running, next.item.startsWith('y') ? 10 : 50);
    }
    expect(order).toEqual(['y-n1', 'x-m1', 'x-m2', 'x-m1-again']);
    expect(fair.waiting).toBe(0);
  });

  test('a request given up leaves the line', () => {
    const fair = new FairShare<string>();
    fair.add('x', 'k', 'one');
    expect(fair.remove('x', 'k', 'one')).toBe(true);
    expect(fair.remove('x', 'k', 'one')).toBe(false);
    expect(fair.next()).toBeUndefined();
  });
});
