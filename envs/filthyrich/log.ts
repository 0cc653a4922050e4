/**
 * The public event log of Filthy Rich: what happened in the current turn and the previous
 * `players` turns, so every seat sees what the others did since its last move. The state keeps
 * each event as a fixed-width record of small integers in one number array (no strings or objects
 * in the hot path); views turn them into LogEntry objects and render.ts formats them as text.
 * Every argument is public information (§6): draws are logged as counts only.
 */

/** Event kinds and their arguments, in record order (-1 marks "none" where an argument is optional). */
export const LOG_KINDS = {
  turn: ['seat'], // a turn starts
  savings: ['seat', 'amount'], // Savings Account interest
  racket: ['payer', 'owner'], // Protection Racket: payer gives owner $1
  buy: ['seat', 'luxury', 'price'],
  sell: ['seat', 'business', 'amount'],
  discard: ['seat', 'type'], // a card discarded for $1
  play: ['seat', 'type'], // a card played (its effect follows as further events)
  place: ['seat', 'business', 'page', 'anchor'],
  fee: ['payer', 'owner', 'amount'], // cover fee
  yakuza: ['seat', 'amount'],
  audit: ['seat', 'target'],
  scout: ['seat', 'business'],
  zoning: ['seat', 'page'],
  gain: ['seat', 'amount', 'type'], // Windfall or Tax Refund
  shift: ['seat', 'die'], // Extra Shift's die
  shakedown: ['seat', 'target', 'amount'],
  fire: ['seat', 'business', 'owner', 'paid'],
  insurance: ['owner', 'amount'],
  dice: ['d1', 'd2', 'd3', 'd4'], // business dice in die order; -1 for dice not rolled
  hit: ['owner', 'business', 'amount', 'payer'], // payer -1 = the bank
  tax: ['multiplier', 'target'], // a tax event starts; target -1 = every player
  chapter11: ['seat', 'amount'],
  pay: ['seat', 'owed', 'paid'],
  eliminated: ['seat'],
  auction: ['luxury', 'from'],
  bid: ['seat', 'amount'],
  pass: ['seat', 'automatic'],
  sold: ['luxury', 'seat', 'price'],
  unsold: ['luxury'], // nobody bid: the luxury leaves the game
  pageDie: ['seat', 'value', 'reroll'], // 1-4 turns the binder to that page (once kept)
  draw: ['seat', 'count'],
  reshuffle: ['count'],
  win: ['seat', 'how'], // how: 0 = three luxuries, 1 = last player standing
  bankrupt: [], // §4.5: every participant went bankrupt in one event
  cap: ['reason'], // reason: 0 = turn 200 ended, 1 = decision 10,000
} as const satisfies Record<string, readonly string[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];
export const LOG_ARITY: readonly number[] = LOG_KIND_NAMES.map((k) => LOG_KINDS[k].length);
/** Kind index of each name, for the writers. */
export const EV = Object.fromEntries(LOG_KIND_NAMES.map((k, i) => [k, i])) as Record<LogKind, number>;

/** A record is [kind, turn, a0, a1, a2, a3]: fixed width so trimming and reading need no parsing. */
export const MAX_LOG_ARGS = Math.max(...LOG_ARITY);
export const RECORD = 2 + MAX_LOG_ARGS;

/** An event as views carry it: args in the order LOG_KINDS lists for its kind. */
export interface LogEntry {
  readonly kind: LogKind;
  /** The turn it happened in (1-based). */
  readonly turn: number;
  readonly args: number[];
}

/** The entries of a packed log from record `first` on. */
export function logEntries(log: readonly number[], first = 0): LogEntry[] {
  const out: LogEntry[] = [];
  for (let i = first * RECORD; i < log.length; i += RECORD) {
    const kind = log[i];
    out.push({ kind: LOG_KIND_NAMES[kind], turn: log[i + 1], args: log.slice(i + 2, i + 2 + LOG_ARITY[kind]) });
  }
  return out;
}
