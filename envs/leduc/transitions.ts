/**
 * Leduc hold'em's flow (rules as OpenSpiel's leduc_poker with two players). Both seats ante one
 * chip; two chance points deal seat 0, then seat 1, a private card from the six (each card left
 * equally likely). Round 1: seat 0 first, the seats alternate fold (0, only facing a raise), call
 * (1) and raise (2, two chips, at most two raises). A round closes at check-check or a call of a
 * raise; a fold ends the hand. Then a chance point turns up the public card from the four left, and
 * round 2 is the same with raises of four chips. Showdown: pairing the public card wins, else the
 * higher rank; equal ranks split the pot.
 */
import { CHANCE } from '../core/game.js';
import { Rng } from '../core/rng.js';
import { addRound, endsInFold, roundClosed, roundOver } from './betting.js';
import { ANTE, CALL, CARDS, FOLD, NO_CARD, RAISE, RANKS, SEATS, rankOf } from './components.js';
import { EV } from './events.js';
import { POSITION, type LeducPosition } from './position.js';

/** A new hand: antes in, no card dealt yet (the three deals are chance points the kit resolves). */
export function setup(players: number, seed: number | string): LeducPosition {
  const p = POSITION.create(players);
  p.rng = Rng.fromSeed(seed);
  return p;
}

/** The deal the position waits for: 0 or 1 (that seat's private card), PUBLIC_DEAL, or -1 (none). */
export const PUBLIC_DEAL = SEATS;
export function nextDeal(p: LeducPosition): number {
  if (p.cards[0] === NO_CARD) return 0;
  if (p.cards[1] === NO_CARD) return 1;
  return roundClosed(p.round1) && p.publicCard === NO_CARD ? PUBLIC_DEAL : -1;
}

/** True once the hand is over: a fold in either round, or round 2 closed (a showdown). */
export function isOver(p: LeducPosition): boolean {
  return endsInFold(p.round1) || roundOver(p.round2);
}

/** True when the hand ended by a fold. */
export const endedByFold = (p: LeducPosition): boolean => endsInFold(p.round1) || endsInFold(p.round2);

/** The round being bet (1 or 2): 2 once round 1 has closed. */
export const bettingRound = (p: LeducPosition): 1 | 2 => (roundClosed(p.round1) ? 2 : 1);

/** The line of the round being bet. */
export const currentLine = (p: LeducPosition): number[] => (bettingRound(p) === 1 ? p.round1 : p.round2);

export function toAct(p: LeducPosition): number {
  if (isOver(p)) return -1;
  if (nextDeal(p) >= 0) return CHANCE;
  return currentLine(p).length % SEATS;
}

/** Chips each seat has put in: its ante, then each round's calls and raises. */
export function stakes(p: LeducPosition): number[] {
  const out = [ANTE, ANTE];
  addRound(out, p.round1, 0);
  addRound(out, p.round2, 1);
  return out;
}

/**
 * A hand's strength (OpenSpiel's RankHand, by rank): a pair with the public card above every two
 * different ranks, which compare by the higher rank, then the lower.
 */
export function handValue(card: number, publicCard: number): number {
  const [lo, hi] = [rankOf(card), rankOf(publicCard)].sort((a, b) => a - b);
  return lo === hi ? RANKS.length ** 2 + hi : hi * RANKS.length + lo;
}

/** The seat that wins the pot once the hand is over: the other seat after a fold; -1 for a split pot. */
export function winner(p: LeducPosition): number {
  if (endedByFold(p)) {
    const line = endsInFold(p.round1) ? p.round1 : p.round2;
    return line.length % SEATS; // the folder acted at line.length - 1: the other seat wins
  }
  const [a, b] = [0, 1].map((s) => handValue(p.cards[s], p.publicCard));
  return a > b ? 0 : b > a ? 1 : -1;
}

/** Plays fold, call or raise for the seat to act (the kit checked it is legal). */
export function apply(p: LeducPosition, action: number): void {
  const line = currentLine(p);
  const seat = line.length % SEATS;
  line.push(action);
  p.log.push(action === RAISE ? EV.raise : action === CALL ? EV.call : EV.fold, seat);
  if (!isOver(p)) return;
  if (action !== FOLD) p.log.push(EV.showdown, p.cards[0], p.cards[1]);
  const w = winner(p);
  const put = stakes(p);
  if (w < 0) p.log.push(EV.split, put[0]);
  else p.log.push(EV.win, w, put[1 - w]);
}

/** The deal at a chance point: each card not yet out, equally likely (sorted by card id). */
export function chanceOutcomes(p: LeducPosition): { outcome: number; probability: number }[] {
  const left: number[] = [];
  for (let c = 0; c < CARDS.length; c++) if (c !== p.cards[0] && c !== p.cards[1] && c !== p.publicCard) left.push(c);
  return left.map((outcome) => ({ outcome, probability: 1 / left.length }));
}

/** Deals `card` where the position waits for one: the next seat's private card, or the public card. */
export function applyChance(p: LeducPosition, card: number): void {
  const deal = nextDeal(p);
  if (deal === PUBLIC_DEAL) {
    p.publicCard = card;
    p.log.push(EV.public, card);
  } else {
    p.cards[deal] = card;
    p.log.push(EV.deal, deal);
  }
}

/** True when `seat` (-1: the spectator) sees seat `s`'s private card: its own, or both after a showdown. */
export function seesCard(p: LeducPosition, seat: number, s: number): boolean {
  return s === seat || (isOver(p) && !endedByFold(p));
}

/**
 * A hand `seat` cannot tell from this one: every dealt private card it cannot see re-dealt from the
 * cards it cannot see (the public card stays), and the rng reseeded, so the public card still to
 * come is unknown too. Cards not dealt yet stay undealt.
 */
export function determinize(p: LeducPosition, seat: number, rng: Rng): LeducPosition {
  const q = POSITION.clone(p);
  const hidden: number[] = [];
  for (let s = 0; s < SEATS; s++) if (q.cards[s] !== NO_CARD && !seesCard(q, seat, s)) hidden.push(s);
  if (hidden.length > 0) {
    const known = new Set<number>([q.publicCard]);
    for (let s = 0; s < SEATS; s++) if (!hidden.includes(s)) known.add(q.cards[s]);
    const pool: number[] = [];
    for (let c = 0; c < CARDS.length; c++) if (!known.has(c)) pool.push(c);
    const dealt = rng.shuffle(pool);
    hidden.forEach((s, i) => (q.cards[s] = dealt[i]));
  }
  q.rng = rng.fork('leduc');
  return q;
}
