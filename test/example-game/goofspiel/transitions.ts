/**
 * Goofspiel's flow. Each round a prize card is turned up; seat 0 then seat 1 bid a card face down
 * (a sequential game with a hidden first move stands in for simultaneous bids); the higher bid
 * wins the prize's value, a tie discards it. After CARDS rounds the most points win.
 */
import { Rng } from '../../../envs/index.js';
import { CARDS } from './components.js';
import { EV } from './events.js';
import { POSITION, type GoofspielPosition } from './position.js';

export function setup(players: number, seed: number | string): GoofspielPosition {
  const p = POSITION.create(players);
  p.rng = Rng.fromSeed(seed);
  const deck = p.rng.shuffle(Array.from({ length: CARDS }, (_, i) => i + 1));
  p.prizes.set(deck);
  p.log.push(EV.prize, p.prizes[0]);
  return p;
}

export const isOver = (p: GoofspielPosition): boolean => p.round === CARDS;

export function toAct(p: GoofspielPosition): number {
  return isOver(p) ? -1 : p.bids[0] === 0 ? 0 : 1;
}

export function apply(p: GoofspielPosition, action: number): void {
  const seat = toAct(p);
  p.hands[seat * CARDS + action] = 0;
  p.bids[seat] = action + 1;
  p.log.push(EV.bid, seat);
  if (seat === 0) return;
  const [b0, b1] = [p.bids[0], p.bids[1]];
  const winner = b0 === b1 ? -1 : b0 > b1 ? 0 : 1;
  if (winner >= 0) p.points[winner] += p.prizes[p.round];
  p.log.push(EV.reveal, b0, b1, winner);
  p.bids.fill(0);
  p.round++;
  if (!isOver(p)) p.log.push(EV.prize, p.prizes[p.round]);
}

/**
 * A world `seat` cannot tell from this one: the prize cards not yet turned up in any order, and
 * seat 0's face-down bid (to anyone but seat 0) any card seat 0 could have played.
 */
export function determinize(p: GoofspielPosition, seat: number, rng: Rng): GoofspielPosition {
  const q = POSITION.clone(p);
  const unseen = Array.from(q.prizes.subarray(q.round + 1));
  q.prizes.set(rng.shuffle(unseen), q.round + 1);
  if (seat !== 0 && q.bids[0] > 0) {
    q.hands[q.bids[0] - 1] = 1;
    const options = [];
    for (let v = 0; v < CARDS; v++) if (q.hands[v]) options.push(v + 1);
    q.bids[0] = rng.pick(options);
    q.hands[q.bids[0] - 1] = 0;
  }
  q.rng = rng.fork('goofspiel');
  return q;
}
