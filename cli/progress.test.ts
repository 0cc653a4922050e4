import { describe, expect, test } from 'vitest';
import { formatDuration, progressLine } from './progress.js';

describe('progress lines', () => {
  test('a count shows done/total, the rate and an ETA at that rate', () => {
    const opts = { label: 'tournament', total: 120, unit: 'games' };
    expect(progressLine(opts, 40, 12.9)).toBe('tournament: 40/120 games, 3.1 games/s, ETA 26 s');
    expect(progressLine(opts, 0, 5)).toBe('tournament: 0/120 games, 0.0 games/s, ETA ?');
    expect(progressLine(opts, 60, 30, 'gen 2')).toBe('tournament: 60/120 games, 2.0 games/s, ETA 30 s, gen 2');
  });

  test('games a journal already held count for neither the rate nor the ETA', () => {
    const opts = { label: 'evaluate compute', total: 200, unit: 'games' };
    // 43 resumed, 2 played in 70 s: 2/70 games a second, 155 left.
    expect(progressLine(opts, 45, 70, '', 43)).toBe('evaluate compute: 45/200 games, 0.03 games/s, ETA 1.5 h');
    // Just after resuming, nothing played yet: no rate, no ETA.
    expect(progressLine(opts, 43, 1, '', 43)).toBe('evaluate compute: 43/200 games, 0.0 games/s, ETA ?');
  });

  test('a time budget shows time elapsed of the total and the time left', () => {
    const opts = { label: 'train', total: 1200, unit: 'seconds' };
    expect(progressLine(opts, 300, 300, 'generation 3 self-play 12/24 games')).toBe(
      'train: 5.0 min of 20.0 min (25%), ETA 15.0 min, generation 3 self-play 12/24 games',
    );
  });

  test('durations read at a glance', () => {
    expect(formatDuration(26.4)).toBe('26 s');
    expect(formatDuration(600)).toBe('10.0 min');
    expect(formatDuration(5400)).toBe('1.5 h');
    expect(formatDuration(Infinity)).toBe('?');
  });
});
