/**
 * Seeded random games at every seat count with the invariants checked after every step: nothing
 * created or lost, nothing negative, and gold, VP and hand sizes recomputed from scratch out of the
 * public log equal to the running values (so the log misses nothing). Then the core checker.
 */
import { describe, expect, test } from 'vitest';
import { checkGame } from '../core/checker.js';
import { rankByKeys } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { AD_KINDS, ITEM_KINDS, KIND_COUNT, MAX_FIELD, SETS } from './components.js';
import { philadelphia } from './index.js';
import { logEntry } from './events.js';
import { maxGameLength, type PhiladelphiaState } from './index.js';
import { positionOf } from './test-helpers.js';

const GAMES = 100;

/** §2: every ad card and item card exactly once; counts never negative; derived counts in step. */
function checkComponents(s: PhiladelphiaState): void {
  const t = positionOf(s);
  const ads = new Array<number>(KIND_COUNT).fill(0);
  for (let i = 0; i < t.deck.length; i++) ads[t.deck[i]]++;
  for (let k = 0; k < KIND_COUNT; k++) ads[k] += t.discard[k];
  for (let p = 0; p < t.players; p++) {
    let size = 0;
    for (let k = 0; k < KIND_COUNT; k++) {
      const n = t.hands[p * KIND_COUNT + k];
      if (n < 0 || t.known[p * KIND_COUNT + k] > n || t.known[p * KIND_COUNT + k] < 0)
        throw new Error(`seat ${p} kind ${k}: hand ${n}, known ${t.known[p * KIND_COUNT + k]}`);
      ads[k] += n;
      size += n;
    }
    if (size !== t.handSize[p]) throw new Error(`seat ${p}: handSize ${t.handSize[p]} but ${size} cards`);
    const inField = new Array<number>(KIND_COUNT).fill(0);
    for (let i = 0; i < t.fieldLen[p]; i++) {
      inField[t.fieldKind[p * MAX_FIELD + i]]++;
      ads[t.fieldKind[p * MAX_FIELD + i]]++;
      if (t.fieldMarkers[p * MAX_FIELD + i] < 0) throw new Error('negative markers');
    }
    for (let k = 0; k < KIND_COUNT; k++)
      if (inField[k] !== t.fieldCount[p * KIND_COUNT + k])
        throw new Error(`seat ${p}: fieldCount of kind ${k} is stale`);
    if (t.gold[p] < 0 || t.vp[p] < 0 || t.fieldLen[p] > MAX_FIELD)
      throw new Error(`seat ${p}: gold ${t.gold[p]}, vp ${t.vp[p]}, field ${t.fieldLen[p]}`);
  }
  for (let i = 0; i < t.revealed.length; i++) if ((t.revealedTaken & (1 << i)) === 0) ads[t.revealed[i]]++;
  for (let i = 0; i < t.submitSets.length; i++) for (const k of SETS[t.submitSets[i]].kinds) ads[k]++;
  AD_KINDS.forEach((k) => {
    if (ads[k.id] !== k.copies) throw new Error(`${ads[k.id]} ${k.name} cards exist, not ${k.copies}`);
  });
  const items = new Array<number>(ITEM_KINDS.length).fill(0);
  for (let i = 0; i < t.itemDeck.length; i++) items[t.itemDeck[i]]++;
  for (let k = 0; k < ITEM_KINDS.length; k++) items[k] += t.itemDiscard[k] ?? 0;
  for (const slot of t.itemSlots) if (slot >= 0) items[slot]++;
  if (t.activeItem >= 0) items[t.activeItem]++;
  items[ITEM_KINDS.length - 1] += t.boom ? 1 : 0;
  ITEM_KINDS.forEach((k) => {
    if (items[k.id] !== k.copies) throw new Error(`${items[k.id]} ${k.name} items exist, not ${k.copies}`);
  });
}

/** Gold, VP and hand sizes as the public log tells them. */
class Ledger {
  gold: number[];
  vp: number[];
  hand: number[];
  private seen: number;

  constructor(s: PhiladelphiaState) {
    const v = s.view(-1);
    this.gold = [...v.gold];
    this.vp = [...v.vp];
    this.hand = [...v.handSizes];
    this.seen = positionOf(s).logBase + positionOf(s).log.length;
  }

  read(s: PhiladelphiaState): void {
    const t = positionOf(s);
    const log = s.view(-1).log;
    for (let abs = this.seen; abs < t.logBase + t.log.length; abs++) {
      const [kind, seat, a = 0, b = 0, c = 0] = logEntry(log[abs - t.logBase]);
      if (seat < -1 || seat >= t.players) throw new Error(`event ${kind} names seat ${seat}`);
      switch (kind) {
        case 'gain':
          this.gold[seat] += a;
          break;
        case 'lose':
          this.gold[seat] -= a;
          break;
        case 'established':
          this.gold[seat] += b;
          break;
        case 'submit':
          this.gold[seat] += b;
          this.vp[seat] += a;
          break;
        case 'post':
          this.gold[seat] -= b;
          this.hand[seat]--;
          break;
        case 'acquire':
          this.gold[seat] -= b;
          this.hand[seat] += a;
          break;
        case 'purchase':
          this.gold[seat] -= c;
          break;
        case 'draw':
          this.hand[seat] += a;
          break;
        case 'take':
        case 'returned':
          this.hand[seat]++;
          break;
        case 'defaulted':
          this.hand[seat] += b;
          break;
        case 'headhunt':
          this.hand[seat]++;
          this.hand[a]--;
          break;
        case 'discard':
          this.hand[seat]--;
          break;
        case 'set':
          this.hand[seat] -= SETS[a].kinds.length;
          break;
      }
    }
    this.seen = t.logBase + t.log.length;
  }
}

describe('random playouts', () => {
  test.each([2, 3, 4])(`%i players: ${GAMES} seeded games keep every invariant at every step`, (players) => {
    const rng = Rng.fromSeed(`playout:${players}`);
    let natural = 0;
    for (let game = 0; game < GAMES; game++) {
      const s = philadelphia.newGame({ players, seed: `playout:${players}:${game}` });
      const ledger = new Ledger(s);
      let steps = 0;
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        steps++;
        checkComponents(s);
        ledger.read(s);
        const v = s.view(-1);
        expect(ledger.gold).toEqual(v.gold);
        expect(ledger.hand).toEqual(v.handSizes);
        expect(s.scores()).toEqual(ledger.vp);
      }
      expect(steps).toBeLessThanOrEqual(maxGameLength(players));
      const t = positionOf(s);
      expect(s.ranking()).toEqual(rankByKeys(Array.from({ length: players }, (_, p) => [t.vp[p], t.gold[p]])));
      if (!s.isTruncated()) {
        natural++;
        expect(Math.max(...s.scores())).toBeGreaterThanOrEqual(10);
      } else {
        expect(s.view(0).round).toBe(40);
        expect(Math.max(...s.scores())).toBeLessThan(10);
      }
    }
    // Random play over the two-step action space often reaches 10 VP before the cap (§9).
    expect(natural).toBeGreaterThan(GAMES / 4);
  });

  test.each([2, 3, 4])(
    '%i players: legalActions() is exactly the actions applyAction accepts (every 5th step of 4 games)',
    (players) => {
      const rng = Rng.fromSeed(`legal:${players}`);
      for (let game = 0; game < 4; game++) {
        const s = philadelphia.newGame({ players, seed: `legal:${players}:${game}` });
        for (let step = 0; !s.isTerminal(); step++) {
          const legal = s.legalActions();
          if (step % 5 !== 0) {
            s.applyAction(legal[rng.int(legal.length)]);
            continue;
          }
          const accepted: number[] = [];
          for (let a = 0; a < philadelphia.actionSize; a++) {
            const copy = s.clone();
            try {
              copy.applyAction(a);
              accepted.push(a);
            } catch {
              // rejected: not legal now
            }
          }
          expect(legal).toEqual(accepted);
          s.applyAction(legal[rng.int(legal.length)]);
        }
      }
    },
  );

  test.each([2, 3, 4])('%i players: the core conformance checker passes over 30 seeded games', (players) => {
    const report = checkGame(philadelphia, { players, games: 30, seed: `philadelphia-conformance:${players}` });
    expect(report.steps).toBeGreaterThan(30 * 100);
    expect(report.resampledStates).toBeGreaterThan(0);
  });
});
