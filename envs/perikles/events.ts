/**
 * The public event log of Perikles: one core EventLog (envs/core/event-log.ts) of these kinds.
 * Every argument is public information (§6): a SELECT COUNTER is logged as power and type only
 * and placements never carry a strength, so determinize never needs to touch the log. The log
 * keeps the last LOG_CAPACITY events; `logCount` counts every event ever written, so a seat's
 * view can show what happened since its last move. Views turn records into [kind, ...args]
 * entries (view.ts); render.ts formats them.
 */
import { defineEvents, type EventLog } from '../core/event-log.js';

/** Event kinds and their arguments, in record order. */
export const EVENTS = defineEvents(
  {
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
    // place 0-6 a Location slot (location its id), 7 the Sparta Leader's pool (location 127)
    slaveRevolt: ['seat', 'place', 'kind', 'location'],
    select: ['seat', 'power', 'type'],
    commit: ['seat', 'power', 'type', 'slot', 'side', 'ally', 'location'],
    permission: ['leader', 'seat', 'slot', 'power', 'granted', 'location'],
    spendCube: ['seat', 'city'],
    endCommit: ['seat', 'placed'],
    reveal: ['slot', 'location'],
    // result 0 no units, 1 attackers unopposed, 2 defenders unopposed, 3 combat
    round: ['slot', 'round', 'type', 'result'],
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
  },
  // Every argument is a small index or count, and NONE_ARG (127) marks an absent one: a loaded log
  // holds nothing else (version 1 files were held to the same range).
  { '*': [0, 127] },
);

type LogKind = (typeof EVENTS.names)[number];
/** Kind index of each name, for writers: `ev(t, EV.take, seat, slot, tile)`. */
export const EV = EVENTS.index;
/** An argument meaning "none" (an unopposed election's loser, an unparameterised special). */
export const NONE_ARG = 127;

/**
 * Events kept. A seat's view shows what happened since its last move, so this must cover the
 * longest stretch without a given seat acting; older events fall out (the view says how many).
 */
export const LOG_CAPACITY = 256;
/** Events held past LOG_CAPACITY before the oldest are dropped, all at once (see position.ts). */
const LOG_SLACK = 64;

/** An event as views carry it, [kind, ...args] (args in the order EVENTS lists for the kind). */
export type LogEntry = readonly [LogKind, ...number[]];

/** Appends an event, dropping the oldest LOG_SLACK once past LOG_CAPACITY + LOG_SLACK. The hot path calls it. */
export function ev(
  t: { readonly log: EventLog; logCount: number },
  kind: number,
  a = 0,
  b = 0,
  c = 0,
  d = 0,
  e = 0,
  f = 0,
  g = 0,
): void {
  t.log.push(kind, a, b, c, d, e, f, g);
  t.logCount++;
  if (t.log.length > LOG_CAPACITY + LOG_SLACK) t.log.dropFirst(LOG_SLACK);
}
