/**
 * One betting round of Leduc hold'em as pure functions over its line, the actions in order (seat 0
 * first, then the seats alternate; OpenSpiel's round1_sequence_ and round2_sequence_). A round is
 * closed by call, call (two checks) or by a call after a raise; a fold ends the hand.
 */
import { CALL, FOLD, MAX_RAISES, MOVE_LETTERS, RAISE, RAISE_SIZES, SEATS } from './components.js';

export const raisesIn = (line: readonly number[]): number => line.filter((a) => a === RAISE).length;

/** True when the seat to act faces a raise: it owes chips, so it may fold. */
const facingRaise = (line: readonly number[]): boolean => line.length > 0 && line[line.length - 1] === RAISE;

/** True when the line ends with a fold (the hand is over). */
export const endsInFold = (line: readonly number[]): boolean => line.length > 0 && line[line.length - 1] === FOLD;

/**
 * True when the round is closed with both seats in: two calls with no raise (check, check), or a
 * call of a raise (OpenSpiel's ReadyForNextRound).
 */
export function roundClosed(line: readonly number[]): boolean {
  const n = line.length;
  if (n < 2 || line[n - 1] !== CALL) return false;
  return line[n - 2] === RAISE || (n === 2 && line[0] === CALL);
}

/** True when no more actions belong to this round: closed, or ended by a fold. */
export const roundOver = (line: readonly number[]): boolean => roundClosed(line) || endsInFold(line);

/** The legal actions of the seat to act in an open round: fold facing a raise, call, raise below the cap. */
export function legalIn(line: readonly number[]): number[] {
  const out: number[] = [];
  if (facingRaise(line)) out.push(FOLD);
  out.push(CALL);
  if (raisesIn(line) < MAX_RAISES) out.push(RAISE);
  return out;
}

/** Why `action` may not come next in `line` (undefined when it may). */
export function whyNot(line: readonly number[], action: number): string | undefined {
  if (action === FOLD && !facingRaise(line)) return 'a fold needs a raise to face: nothing is owed, so call to check';
  if (action === RAISE && raisesIn(line) >= MAX_RAISES) return `${MAX_RAISES} raises were made this round already`;
  return undefined;
}

/** Why `line` is not a legal betting round or the start of one (undefined when it is). */
export function lineProblem(line: readonly number[]): string | undefined {
  for (let i = 0; i < line.length; i++) {
    const head = line.slice(0, i);
    if (roundOver(head)) return `action ${i + 1} comes after the round ended`;
    const why = whyNot(head, line[i]);
    if (why !== undefined) return `action ${i + 1} (${MOVE_LETTERS[line[i]]}) is illegal: ${why}`;
  }
  return undefined;
}

/**
 * Adds a round's chips to `stakes` (what each seat has put in so far; equal at a round's start): a
 * call brings the seat level with the highest stake, a raise to that level plus the round's raise
 * size (round 0: 2 chips, round 1: 4), a fold adds nothing.
 */
export function addRound(stakes: number[], line: readonly number[], round: number): void {
  let level = Math.max(...stakes);
  line.forEach((a, i) => {
    const seat = i % SEATS;
    if (a === RAISE) level += RAISE_SIZES[round];
    if (a !== FOLD) stakes[seat] = level;
  });
}

/** A line in letters: 'crc' for call, raise, call. */
export const lineLetters = (line: readonly number[]): string => line.map((a) => MOVE_LETTERS[a]).join('');
