import { describe, expect, test } from 'vitest';
import { checkGame } from '../core/checker.js';
import { Rng } from '../core/rng.js';
import { ASSETS, BUSINESSES, CARD_TYPES, LUXURIES, TYPE_OF_CODE, placementSlots } from './components.js';
import { filthyrich } from './index.js';
import { MAX_STEPS } from './components.js';
import { readableJson, type FilthyRichState } from './test-helpers.js';

/**
 * Every invariant recomputed from scratch from the saved state, against the running state; returns
 * the broken ones (one expect per step keeps 50,000 steps fast).
 */
function brokenInvariants(s: FilthyRichState): string[] {
  const broken: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) broken.push(what);
  };
  const json = readableJson(s);
  const view = s.view(-1);
  // Cards: all 73 in exactly one place (deck, discard pile, hands, binder, assets, being played).
  const count = new Map<string, number>();
  const add = (code: string) => count.set(code, (count.get(code) ?? 0) + 1);
  json.deck.forEach(add);
  json.discard.forEach(add);
  json.hands.flat().forEach(add);
  json.businesses.forEach((b) => add(b.business));
  json.assets.flat().forEach(add);
  if (json.played !== null) add(json.played);
  for (const t of CARD_TYPES)
    check((count.get(t.code) ?? 0) === t.copies, `${t.code}: ${count.get(t.code) ?? 0} of ${t.copies} cards`);
  // Luxuries: each owned by one seat, removed, or for sale, never two of these.
  const owners = LUXURIES.map(() => 0);
  [...json.luxuries.flat(), ...json.removedLuxuries].forEach((c) => owners[Number(c.slice(1))]++);
  LUXURIES.forEach((l, i) => {
    check(owners[i] <= 1, `${l.code} is in two places`);
    check((view.luxuryOwner[i] === -1) === (owners[i] === 0), `${l.code}: the view and the lists disagree`);
  });
  // Money and counts never negative; counts agree with the lists.
  check(
    json.cash.every((c) => Number.isInteger(c) && c >= 0),
    `cash ${JSON.stringify(json.cash)}`,
  );
  check(JSON.stringify(view.handSizes) === JSON.stringify(json.hands.map((h) => h.length)), 'hand sizes');
  check(view.deckSize === json.deck.length, 'deck size');
  // Scores (luxuries of players still in) and $ symbols recomputed from the lists.
  const scores = json.luxuries.map((list, seat) => (json.eliminated[seat] === 0 ? list.length : 0));
  check(
    JSON.stringify(s.scores()) === JSON.stringify(scores),
    `scores ${JSON.stringify(s.scores())} != ${JSON.stringify(scores)}`,
  );
  const symbols = json.luxuries.map(
    (list, seat) =>
      list.reduce((sum, c) => sum + LUXURIES[Number(c.slice(1))].tax, 0) +
      json.assets[seat].reduce((sum, c) => sum + ASSETS[Number(c.slice(1))].tax, 0) +
      json.businesses
        .filter((b) => b.owner === seat)
        .reduce((sum, b) => sum + BUSINESSES[TYPE_OF_CODE.get(b.business) as number].tax, 0),
  );
  check(
    JSON.stringify(view.symbols) === JSON.stringify(symbols),
    `symbols ${JSON.stringify(view.symbols)} != ${JSON.stringify(symbols)}`,
  );
  // The binder is exactly the placed signs.
  const binder = Array.from({ length: 4 }, () => Array<number>(9).fill(-1));
  for (const b of json.businesses) {
    const id = TYPE_OF_CODE.get(b.business) as number;
    for (const slot of placementSlots(BUSINESSES[id].shape, b.anchor)) binder[b.page - 1][slot - 1] = id;
  }
  check(JSON.stringify(view.binder) === JSON.stringify(binder), 'binder');
  // The loader re-checks every invariant of the saved-state format.
  try {
    const restored = filthyrich.fromJSON(JSON.parse(JSON.stringify(json)));
    check(restored.currentPlayer() === s.currentPlayer(), 'restored seat to act');
    // The version-1 form migrates to exactly this position, which round-trips in today's format.
    const saved = JSON.stringify(s.toJSON());
    check(JSON.stringify(restored.toJSON()) === saved, 'the readable form migrates to the same position');
    check(JSON.stringify(filthyrich.fromJSON(JSON.parse(saved)).toJSON()) === saved, 'round trip');
  } catch (err) {
    broken.push(String(err));
  }
  return broken;
}

describe('random playouts', () => {
  test.each([2, 3, 4, 5])('%i players: 100 seeded random games keep every invariant at every step', (players) => {
    const rng = Rng.fromSeed(`playout:${players}`);
    let decisions = 0;
    let capped = 0;
    const endings = new Set<string>();
    for (let game = 0; game < 100; game++) {
      const s = filthyrich.newGame({ players, seed: `playout:${players}:${game}` });
      expect(brokenInvariants(s)).toEqual([]);
      let steps = 0;
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        steps++;
        const broken = brokenInvariants(s);
        if (broken.length > 0) expect({ game, steps, broken }).toEqual({ game, steps, broken: [] });
      }
      expect(steps).toBeLessThanOrEqual(MAX_STEPS);
      decisions += steps;
      if (s.isTruncated()) capped++;
      const v = s.view(-1);
      endings.add(
        v.bankrupt ? 'bankrupt' : v.truncated ? 'cap' : v.log[v.log.length - 1].args[1] === 0 ? 'luxuries' : 'survivor',
      );
      // Natural ends have exactly one winner, ranked first alone.
      if (!v.truncated && !v.bankrupt) {
        expect(v.winners).toHaveLength(1);
        expect(s.ranking().filter((p) => p === 0)).toHaveLength(1);
      }
    }
    // Random play ends by eliminations mostly, sometimes by three luxuries; never by the cap here.
    expect(endings.has('survivor')).toBe(true);
    expect(endings.has('luxuries')).toBe(true);
    expect(capped).toBe(0);
    expect(decisions / 100).toBeGreaterThan(20);
  });

  test.each([2, 3, 4, 5])('%i players: the core conformance checker passes over 30 seeded games', (players) => {
    const report = checkGame(filthyrich, { players, games: 30, seed: `filthyrich-conformance:${players}` });
    expect(report.steps).toBeGreaterThan(30 * 20);
    expect(report.resampledStates).toBeGreaterThan(0);
  });
});
