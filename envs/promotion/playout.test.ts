import { describe, expect, test } from 'vitest';
import { checkGame } from '../core/checker.js';
import { Rng } from '../core/rng.js';
import { promotion } from './index.js';
import { MAX_ROUNDS } from './components.js';
import type { PromotionState } from './test-helpers.js';
import { MAX_GAME_LENGTH } from './transitions.js';

describe('random playouts', () => {
  test('the core conformance checker passes over 60 seeded random games', () => {
    const report = checkGame(promotion, { games: 60, seed: 'promotion-conformance' });
    expect(report.steps).toBeGreaterThan(60 * 20);
    // Phase B hides rows, and determinize really resampled them somewhere.
    expect(report.resampledStates).toBeGreaterThan(0);
  });

  test('300 random games: §2.1 holds after every step (fromJSON re-checks it), every game ends in time', () => {
    const rng = Rng.fromSeed('invariants');
    let longest = 0;
    const placesSeen = new Set<string>();
    for (let game = 0; game < 300; game++) {
      const s = promotion.newGame({ players: 4, seed: `inv${game}` }) as PromotionState;
      let steps = 0;
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        steps++;
        promotion.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
      }
      longest = Math.max(longest, steps);
      const view = s.view(0);
      expect(view.round).toBeLessThanOrEqual(MAX_ROUNDS);
      // A natural end: every King holder is first, everyone else shares place = number of winners.
      expect(s.isTruncated()).toBe(false);
      const kings = [0, 1, 2, 3].filter((p) => view.fields[p].includes(13));
      expect(view.winners).toEqual(kings);
      expect(s.ranking()).toEqual([0, 1, 2, 3].map((p) => (kings.includes(p) ? 0 : kings.length)));
      expect(s.scores()).toEqual(view.fields.map((f) => Math.max(...f)));
      placesSeen.add(s.ranking().join(''));
    }
    expect(longest).toBeLessThanOrEqual(MAX_GAME_LENGTH);
    // Shared wins happen in random play too.
    expect([...placesSeen].some((r) => r.split('0').length > 2)).toBe(true);
  });
});
