import { describe, expect, test } from 'vitest';
import { checkGame } from '../core/checker.js';
import { Rng } from '../core/rng.js';
import { KINDS } from './components.js';
import { cityplan } from './index.js';
import { readable, type CityPlanJson, type CityPlanState } from './test-helpers.js';
import type { CityPlanView } from './view.js';

const PLAYER_COUNTS = [2, 3, 4, 5];

/**
 * §7.1 items 1-6 written again from the table alone, deliberately unlike scoring.ts (names and
 * types instead of flags), so the running scores are checked by an independent computation.
 */
function scoreFromScratch(city: readonly number[], chips: number, mostChips: number): number {
  const cards = city.map((k) => KINDS[k]);
  const countsAs = (t: string) => cards.filter((c) => c.type === t || c.mixedAs === t);
  const sum = (list: typeof cards) => list.reduce((s, c) => s + c.points, 0);
  const has = (name: string) => cards.some((c) => c.name === name);
  const specials = cards.filter((c) => c.type === 'S' || c.type === 'M').length;
  const eco = cards.filter((c) => c.eco).length;
  let score = sum(cards) + chips;
  score += chips === 0 ? -5 : chips === mostChips ? 5 : 0;
  if (cards.length >= 10) score += [20, 10, 5][Math.min(specials, 2)];
  else if (cards.length === 9) score += [10, 5, 2][Math.min(specials, 2)];
  score += 2 * Math.min(sum(countsAs('R')), sum(countsAs('C')), sum(countsAs('I')));
  if (has('Museum')) score += eco;
  if (has('Hospital')) score += countsAs('R').length - 1;
  if (has('Bank')) score += countsAs('C').length - 1;
  if (has('Research Lab')) score += countsAs('I').length - 1;
  return score;
}

function ticketsFromScratch(city: readonly number[]): number {
  const cards = city.map((k) => KINDS[k]);
  const n = (t: string) => cards.filter((c) => c.type === t || c.mixedAs === t).length;
  const eco = cards.filter((c) => c.eco).length;
  const least = Math.min(n('R'), n('C'), n('I'));
  return (
    Math.max(0, n('R') - 2) +
    Math.max(0, n('C') - 2) +
    Math.max(0, n('I') - 2) +
    (eco >= 3 ? Math.floor((eco - 1) / 2) : 0) +
    [0, 1, 3, 6][Math.min(least, 3)]
  );
}

/** Every card of §2 exactly once, counted from the saved state. */
function checkConservation(json: CityPlanJson): void {
  const seen = new Array<number>(KINDS.length).fill(0);
  const zones = [...json.hands, ...json.cities, json.deck, ...json.discard.bySeat, json.discard.faceUp, json.setAside];
  for (const zone of zones) for (const k of zone) seen[k]++;
  if (json.pending !== null) seen[json.pending.kind]++;
  const expected = KINDS.map((k, i) => (i === KINDS.length - 1 ? json.players : k.copies));
  expect(seen).toEqual(expected);
}

function checkCounts(json: CityPlanJson, view: CityPlanView): void {
  const n = json.players;
  for (let s = 0; s < n; s++) {
    expect(json.power[s]).toBeGreaterThanOrEqual(0);
    expect(json.councilors[s]).toBeGreaterThanOrEqual(0);
    expect(json.cities[s].length).toBeLessThanOrEqual(10);
    expect(view.handSizes[s]).toBe(json.hands[s].length);
  }
  expect(json.assembly).toBeGreaterThanOrEqual(0);
  const held = json.councilors.reduce((a, b) => a + b, 0);
  expect(held + json.assembly).toBe(json.incomeUsed.length > 0 ? 3 * n : 0);
  expect(view.deckSize).toBe(json.deck.length);
  expect(view.discardSize).toBe(json.discard.faceUp.length + json.discard.bySeat.flat().length);
}

function checkScores(state: CityPlanState, view: CityPlanView): void {
  const most = Math.max(...view.councilors);
  const subtotals = view.cities.map((c, s) => scoreFromScratch(c, view.councilors[s], most));
  if (!view.isOver) {
    expect(state.scores()).toEqual(subtotals);
    return;
  }
  const final = view.final!;
  const bonus = final.map((f) => f.bonusCards.reduce((sum, k) => sum + KINDS[k].bonus, 0));
  expect(final.map((f) => f.bonusCards.length)).toEqual(view.cities.map(ticketsFromScratch));
  expect(state.scores()).toEqual(subtotals.map((s, i) => s + bonus[i]));
}

describe.each(PLAYER_COUNTS)('%i players', (players) => {
  test(
    '100 seeded random games: components conserved, nothing negative, scores agree with a from-scratch count at ' +
      'every step',
    () => {
      const rng = Rng.fromSeed(`playout:${players}`);
      let decisions = 0;
      let reshuffles = 0;
      let councils = 0;
      for (let game = 0; game < 100; game++) {
        const s = cityplan.newGame({ players, seed: `playout:${players}:${game}` }) as CityPlanState;
        let deckSize = Infinity;
        for (;;) {
          const json = readable(s);
          const view = s.view(-1);
          if (view.deckSize > deckSize) reshuffles++;
          deckSize = view.deckSize;
          checkConservation(json);
          checkCounts(json, view);
          checkScores(s, view);
          if (s.isTerminal()) {
            if (view.councilOpen) councils++;
            expect(s.isTruncated()).toBe(false);
            expect(Math.max(...view.cities.map((c) => c.length))).toBe(10);
            break;
          }
          const legal = s.legalActions();
          s.applyAction(legal[rng.int(legal.length)]);
          decisions++;
        }
      }
      // Random play opens the council in every game; reshuffles happen in some.
      expect(councils).toBe(100);
      expect(reshuffles).toBeGreaterThan(0);
      expect(decisions / 100).toBeLessThan(cityplan.maxGameLength(players));
    },
  );

  test('the core conformance checker passes over 30 seeded random games', () => {
    const report = checkGame(cityplan, { players, games: 30, seed: `cityplan-conformance:${players}` });
    expect(report.steps).toBeGreaterThan(30 * 50);
    // Hands are hidden, and determinize really resampled them.
    expect(report.resampledStates).toBeGreaterThan(0);
  });
});
