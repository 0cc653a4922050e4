/**
 * The public event log of City Plan Delta: every event since the oldest "last move" of any seat, so
 * each seat sees what happened since its own last decision and nothing older is kept. The state
 * stores each event as one packed number (no strings or objects in the hot path); views turn them
 * into LogEntry tuples and render.ts formats them. Every argument is public.
 */

/** Event kinds and their arguments, in record order. */
export const LOG_KINDS = {
  commit: ['seat'], // an action card placed face down (which one stays hidden)
  played: ['seat', 'card'], // the reveal: card 0 Income, 1 Exchange, 2 Council
  draw: ['seat', 'count', 'reason'], // cards drawn (reason: DRAW_REASONS)
  lost: ['seat', 'count'], // draws lost: deck and discard pile both empty (§4.1 step 3)
  reshuffle: ['cards'], // the discard pile became the new deck
  exchange: ['seat', 'count'], // cards discarded face down by an Exchange (the draw follows)
  chips: ['seat', 'count'], // councilor chips taken by a Council action
  build: ['seat', 'kind', 'cards', 'power', 'sacrificed'], // cards = cost cards discarded, power = chips paid
  gain: ['seat', 'chips'], // chips from a power plant, Substation or Logistics Center
  freeBuilds: ['seat', 'counter'], // Planned Construction Site set the counter
  drawTwo: ['seat'], // the Build phase's "do not build, draw 2"
  handLimit: ['seat', 'count'], // cards discarded face down down to 8
  income: ['card'], // income card 0..5 triggered (the draws follow)
  councilOpens: ['chips'],
  end: ['truncated'], // the game ends after this turn: 0 = 10 buildings, 1 = the turn cap
  cityBonus: ['seat', 'tickets', 'points'],
} as const satisfies Record<string, readonly string[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];
export const LOG_ARITY: readonly number[] = LOG_KIND_NAMES.map((k) => LOG_KINDS[k].length);
export const EV = Object.fromEntries(LOG_KIND_NAMES.map((k, i) => [k, i])) as Record<LogKind, number>;

/** Why cards were drawn (the `reason` of a draw event). */
export const DRAW_REASONS = ['Income', 'Council', 'Exchange', 'Draw 2', 'built', 'income card'] as const;
export const DR_INCOME = 0;
export const DR_COUNCIL = 1;
export const DR_EXCHANGE = 2;
export const DR_DRAW_TWO = 3;
export const DR_BUILT = 4;
export const DR_INCOME_CARD = 5;

/**
 * A record packs kind (5 bits), turn (6 bits) and up to 5 arguments of 7 bits (0..127) each as
 * kind + 32 * (turn + 64 * (a0 + 128 * (a1 + ...))): at most 2^46, an exact double. Every argument
 * is a seat, kind, card, small count or at most 95 (a reshuffled pile).
 */
export const MAX_LOG_ARGS = Math.max(...LOG_ARITY);
export const LOG_ARG_LIMIT = 128;
const KIND_RADIX = 32;
const TURN_RADIX = 64;

export function packEvent(kind: number, turn: number, args: readonly number[]): number {
  let rest = 0;
  for (let i = args.length - 1; i >= 0; i--) rest = rest * LOG_ARG_LIMIT + args[i];
  return kind + KIND_RADIX * (turn + TURN_RADIX * rest);
}

export const eventKind = (rec: number): number => rec % KIND_RADIX;
export const eventTurn = (rec: number): number => Math.floor(rec / KIND_RADIX) % TURN_RADIX;
export function eventArg(rec: number, i: number): number {
  return Math.floor(rec / (KIND_RADIX * TURN_RADIX * LOG_ARG_LIMIT ** i)) % LOG_ARG_LIMIT;
}

/** The arguments of a packed record. */
export function eventArgs(rec: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < LOG_ARITY[eventKind(rec)]; i++) out.push(eventArg(rec, i));
  return out;
}

/**
 * Records kept at most. Every seat moves at least once a turn, so the log spans at most about two
 * turns: a turn of 5 players writes about 90 records (5 commits, 5 reveals, draws and chips, builds
 * with their gains, hand limits, six income cards with 5 draws each). If a freak turn writes more
 * (many reshuffles), the oldest records are dropped first.
 */
export const LOG_CAPACITY = 256;
/** The array behind the log is compacted once this many dropped records precede the window. */
export const LOG_COMPACT_AT = 64;

/** An event as views carry it: [kind, turn, ...args in the order LOG_KINDS lists for the kind]. */
export type LogEntry = [kind: LogKind, turn: number, ...args: number[]];

export function decodeEvent(rec: number): LogEntry {
  return [LOG_KIND_NAMES[eventKind(rec)], eventTurn(rec), ...eventArgs(rec)];
}
