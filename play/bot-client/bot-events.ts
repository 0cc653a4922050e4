/**
 * What the arena sends an external bot (BOT-API §2): the three events of the stream, the poll's
 * answer and the match page, checked with zod as they are parsed so that an arena that sends
 * something else fails with the field named rather than deep inside a policy. Objects are loose:
 * fields a newer arena adds are kept, not refused.
 */
import { z } from 'zod';
import { AgoraError } from '../../envs/index.js';

const SeatSchema = z.looseObject({ seat: z.number().int().min(0), name: z.string(), kind: z.string() });

const MatchStartSchema = z.looseObject({
  type: z.literal('matchStart'),
  match: z.string().min(1),
  game: z.string().min(1),
  players: z.number().int().min(1),
  seat: z.number().int().min(0),
  seats: z.array(SeatSchema),
  timeLimitMs: z.number().min(0),
});
export type MatchStart = z.infer<typeof MatchStartSchema>;

const YourTurnSchema = z.looseObject({
  type: z.literal('yourTurn'),
  match: z.string().min(1),
  /** Not in the draft's example; the arena may name the game here too, which polling bots need. */
  game: z.string().min(1).optional(),
  seat: z.number().int().min(0),
  decisions: z.number().int().min(0),
  view: z.record(z.string(), z.unknown()),
  observation: z.array(z.number()),
  legalActions: z.array(z.looseObject({ action: z.number().int().min(0), label: z.string() })).min(1),
  timeLeftMs: z.number(),
});
export type YourTurn = z.infer<typeof YourTurnSchema>;

const ResultSchema = z.looseObject({
  ranking: z.array(z.number()),
  scores: z.array(z.number()),
  returns: z.array(z.number()),
  truncated: z.boolean(),
});

const MatchEndSchema = z.looseObject({
  type: z.literal('matchEnd'),
  match: z.string().min(1),
  seat: z.number().int().min(0),
  result: ResultSchema,
  // Both are always in a streamed matchEnd; a match whose end a polling bot learns from the
  // match page (which has no Elo change) has them undefined.
  gameId: z.string().optional(),
  eloChange: z.number().optional(),
});
export type MatchEnd = z.infer<typeof MatchEndSchema>;

const BotEventSchema = z.discriminatedUnion('type', [MatchStartSchema, YourTurnSchema, MatchEndSchema]);
export type BotEvent = z.infer<typeof BotEventSchema>;

const TurnsSchema = z.looseObject({ turns: z.array(YourTurnSchema) });

/** The part of a match page (GET /api/bot/matches/:id, and a move's 200 answer) the client reads. */
const MatchPageSchema = z.looseObject({
  game: z.string().optional(),
  seat: z.number().int().min(0).optional(),
  result: ResultSchema.extend({ gameId: z.string().optional() }).optional(),
});
export type MatchPage = z.infer<typeof MatchPageSchema>;

const KNOWN_TYPES = new Set(['matchStart', 'yourTurn', 'matchEnd']);

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : '(whole object)'}: ${i.message}`)
    .join('; ');
  throw new AgoraError('bad_request', `malformed ${what} from the arena: ${detail}`);
}

/**
 * One NDJSON line of the stream as an event. undefined for an event type this client does not
 * know (a newer arena may send more); a malformed line is an AgoraError naming the field.
 */
export function parseBotEvent(line: string): BotEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AgoraError('bad_request', `the arena's stream sent a line that is not JSON: ${line.slice(0, 80)}`);
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !KNOWN_TYPES.has(type)) return undefined;
  return check(BotEventSchema, value, `${typeof type === 'string' ? type : 'event'} event`);
}

export function parseTurns(value: unknown): YourTurn[] {
  return check(TurnsSchema, value, 'answer to GET /api/bot/turns').turns;
}

export function parseMatchPage(value: unknown, match: string): MatchPage {
  return check(MatchPageSchema, value, `page of match ${match}`);
}
