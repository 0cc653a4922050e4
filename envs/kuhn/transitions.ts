/**
 * Kuhn poker's flow (rules as OpenSpiel's kuhn_poker). Both seats ante one chip; two chance points
 * deal seat 0 a card (each of J, Q, K with 1/3), then seat 1 one of the other two (1/2 each); then
 * seat 0 and seat 1 alternate pass (0) and bet (1). The hand ends at pass-pass (showdown for the
 * antes), bet-bet or pass-bet-bet (showdown for two chips each), or a pass after a bet (a fold).
 */
import { CHANCE } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { ANTE, BET, BET_SIZE, CARDS, NO_CARD, PASS, SEATS } from './components.js';
import { EV } from './events.js';
import { POSITION, type KuhnPosition } from './position.js';

/** A new hand: antes in, no card dealt yet (the two deals are chance points the kit resolves). */
export function setup(players: number, seed: number | string): KuhnPosition {
  const p = POSITION.create(players);
  p.rng = Rng.fromSeed(seed);
  return p;
}

/** The first seat without a card, or -1 once both are dealt. */
function nextToDeal(p: KuhnPosition): number {
  return p.cards[0] === NO_CARD ? 0 : p.cards[1] === NO_CARD ? 1 : -1;
}

/** True once the betting is over: pass-pass, bet-pass, bet-bet, or any three actions. */
export function isOver(p: KuhnPosition): boolean {
  const n = p.bets.length;
  return n === 3 || (n === 2 && !(p.bets[0] === PASS && p.bets[1] === BET));
}

/** True when the hand ended by a fold: a pass right after a bet. */
export function endedByFold(p: KuhnPosition): boolean {
  const n = p.bets.length;
  return isOver(p) && p.bets[n - 1] === PASS && p.bets[n - 2] === BET;
}

export function toAct(p: KuhnPosition): number {
  if (nextToDeal(p) >= 0) return CHANCE;
  return isOver(p) ? -1 : p.bets.length % SEATS;
}

/** Chips each seat has put in: its ante and its bets (seat s makes bets s, s + 2, ...). */
export function stakes(p: KuhnPosition): number[] {
  const out = [ANTE, ANTE];
  p.bets.forEach((b, i) => (out[i % SEATS] += b === BET ? BET_SIZE : 0));
  return out;
}

/** The seat that wins the pot once the hand is over: the bettor after a fold, else the higher card. */
export function winner(p: KuhnPosition): number {
  if (endedByFold(p)) return (p.bets.length - 2) % SEATS;
  return p.cards[0] > p.cards[1] ? 0 : 1;
}

/** Plays pass or bet for the seat to act (the kit checked it is legal). */
export function apply(p: KuhnPosition, action: number): void {
  const seat = p.bets.length % SEATS;
  p.bets.push(action);
  p.log.push(action === BET ? EV.bet : EV.pass, seat);
  if (!isOver(p)) return;
  if (!endedByFold(p)) p.log.push(EV.showdown, p.cards[0], p.cards[1]);
  const w = winner(p);
  p.log.push(EV.win, w, stakes(p)[1 - w]);
}

/** The deal at a chance point: each card not yet dealt, equally likely (sorted by card id). */
export function chanceOutcomes(p: KuhnPosition): { outcome: number; probability: number }[] {
  const left: number[] = [];
  for (let c = 0; c < CARDS.length; c++) if (c !== p.cards[0] && c !== p.cards[1]) left.push(c);
  return left.map((outcome) => ({ outcome, probability: 1 / left.length }));
}

/** Deals `card` to the next seat without one. */
export function applyChance(p: KuhnPosition, card: number): void {
  const seat = nextToDeal(p);
  p.cards[seat] = card;
  p.log.push(EV.deal, seat);
}

/** True when `seat` (-1: the spectator) sees seat `s`'s card: its own, or any after a showdown. */
export function seesCard(p: KuhnPosition, seat: number, s: number): boolean {
  return s === seat || (isOver(p) && !endedByFold(p));
}

/**
 * A hand `seat` cannot tell from this one: every dealt card it cannot see re-dealt from the cards
 * it cannot see, and the rng reseeded. Cards not dealt yet stay undealt.
 */
export function determinize(p: KuhnPosition, seat: number, rng: Rng): KuhnPosition {
  const q = POSITION.clone(p);
  const hidden: number[] = [];
  for (let s = 0; s < SEATS; s++) if (q.cards[s] !== NO_CARD && !seesCard(q, seat, s)) hidden.push(s);
  if (hidden.length > 0) {
    const pool: number[] = [];
    for (let c = 0; c < CARDS.length; c++) {
      if (!Array.from(q.cards).some((held, s) => held === c && !hidden.includes(s))) pool.push(c);
    }
    const dealt = rng.shuffle(pool);
    hidden.forEach((s, i) => (q.cards[s] = dealt[i]));
  }
  q.rng = rng.fork('kuhn');
  return q;
}
