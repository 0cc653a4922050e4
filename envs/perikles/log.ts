/**
 * The public event log of Perikles. Each event is two 32-bit words in a ring buffer: word 0 holds
 * the kind (6 bits) and arguments 0-2, word 1 arguments 3-6, each argument 7 bits (0..127). Every
 * argument is public information (§6): a SELECT COUNTER is logged as power and type only and
 * placements never carry a strength, so determinize never needs to touch the log. Views turn
 * records into [kind, ...args] entries; render.ts formats them.
 */

/** Event kinds and their arguments, in record order. */
export const LOG_KINDS = {
  setup: ['start'], // §3 step 5: the start player drawn
  turn: ['turn', 'start'], // a game turn begins (Phase A done)
  initialCube: ['seat', 'city'],
  take: ['seat', 'slot', 'tile'],
  cubes: ['seat', 'city', 'added', 'asked'], // cubes added (asked > added: supply ran out)
  nominate: ['actor', 'nominee', 'city', 'space'],
  noNomination: ['seat'], // a Candidate tile with no legal nomination
  assassinate: ['actor', 'city', 'target', 'victim'], // target 0-4 regular cube, 5 α, 6 β
  special: ['seat', 'tile', 'param'], // a Special tile used (param: a city, a side, 127 none)
  plague: ['seat', 'city', 'lost'],
  alkibiades: ['seat', 'owner', 'from', 'to'],
  refill: ['slot', 'tile'],
  election: ['city', 'winner', 'loser', 'removed'], // loser 127: unopposed
  noLeader: ['city'],
  persians: ['mask'], // seats leading no city (0: Persia unused)
  recover: ['seat', 'kind'],
  firstCommit: ['chooser', 'seat'],
  discard: ['seat', 'tile'],
  slaveRevolt: ['seat', 'place', 'kind', 'location'], // place 0-6 a Location slot (location its id), 7 the Sparta Leader's pool (location 127)
  select: ['seat', 'power', 'type'],
  commit: ['seat', 'power', 'type', 'slot', 'side', 'ally', 'location'],
  permission: ['leader', 'seat', 'slot', 'power', 'granted', 'location'],
  spendCube: ['seat', 'city'],
  endCommit: ['seat', 'placed'],
  reveal: ['slot', 'location'],
  round: ['slot', 'round', 'type', 'result'], // result 0 no units, 1 attackers unopposed, 2 defenders unopposed, 3 combat
  combat: ['attack', 'defence', 'column', 'tokA', 'tokD'],
  roll: ['a1', 'a2', 'd1', 'd2', 'tokA', 'tokD', 'rollOff'],
  roundWin: ['slot', 'round', 'side', 'capped'],
  casualty: ['slot', 'side', 'kind'],
  claim: ['location', 'seat'],
  defeat: ['city', 'defeats'],
  unattacked: ['location', 'seat'],
  removed: ['location'],
  statue: ['seat', 'city'],
  gameEnd: ['reason'], // 0 turn 3 over, 1 Athens defeated 4 times, 2 Sparta, 3 the step cap
} as const satisfies Record<string, readonly string[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];
export const LOG_ARITY: readonly number[] = LOG_KIND_NAMES.map((k) => LOG_KINDS[k].length);
/** Kind index of each name. */
export const EV = Object.fromEntries(LOG_KIND_NAMES.map((k, i) => [k, i])) as Record<LogKind, number>;
/** An argument meaning "none" (an unopposed election's loser, an unparameterised special). */
export const NONE_ARG = 127;
export const LOG_ARG_MAX = 127;

/**
 * Events kept. A seat's view shows what happened since its last move, so this must cover the
 * longest stretch without a given seat acting; older events fall out (the view says how many).
 */
export const LOG_CAPACITY = 256;

/** An event as views carry it, [kind, ...args] (args in the order LOG_KINDS lists for the kind). */
export type LogEntry = readonly [LogKind, ...number[]];

export const packWord0 = (kind: number, a: number, b: number, c: number): number =>
  kind | (a << 6) | (b << 13) | (c << 20);
export const packWord1 = (d: number, e: number, f: number, g: number): number => d | (e << 7) | (f << 14) | (g << 21);

/** Kind and arguments of a packed record. */
export function unpackEvent(w0: number, w1: number): [number, number[]] {
  const kind = w0 & 63;
  const all = [
    (w0 >> 6) & 127,
    (w0 >> 13) & 127,
    (w0 >> 20) & 127,
    w1 & 127,
    (w1 >> 7) & 127,
    (w1 >> 14) & 127,
    (w1 >> 21) & 127,
  ];
  return [kind, all.slice(0, LOG_ARITY[kind])];
}

/** Appends an event (arguments must lie in 0..127). Allocation-free: the hot path calls it. */
export function ev(
  t: { readonly log: number[]; logCount: number },
  kind: number,
  a = 0,
  b = 0,
  c = 0,
  d = 0,
  e = 0,
  f = 0,
  g = 0,
): void {
  const i = (t.logCount % LOG_CAPACITY) * 2;
  t.log[i] = packWord0(kind, a, b, c);
  t.log[i + 1] = packWord1(d, e, f, g);
  t.logCount++;
}
