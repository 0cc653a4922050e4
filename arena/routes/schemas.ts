/**
 * Request bodies, validated at the edge. JSON numbers must be JSON integers: null, "", [], false
 * and "4" are refused (400 naming the field), never coerced to 0 or 4. HTML forms send text, so
 * their integers must be canonical decimal text ("4", not "4.0", " 4" or "").
 */
import { z } from 'zod';

const shown = (input: unknown) =>
  typeof input === 'string' ? JSON.stringify(input.slice(0, 40)) : (JSON.stringify(input) ?? String(input));

/** A JSON integer, with a message naming what it is for. */
const jsonInt = (what: string) =>
  z.int({
    error: (i) => {
      if (i.input === undefined) return `required: ${what}`;
      // Range checks (.min) keep zod's own wording; only the type is described here.
      return i.code === 'invalid_type' ? `must be a JSON integer (${what}); got ${shown(i.input)}` : undefined;
    },
  });

/** A form field holding an integer as decimal text. */
const formInt = (what: string) =>
  z
    .string({
      error: (i) =>
        i.input === undefined ? `required: ${what}` : `must be an integer (${what}); got ${shown(i.input)}`,
    })
    .regex(/^(0|-?[1-9][0-9]{0,8})$/, { error: (i) => `must be an integer (${what}); got ${shown(i.input)}` })
    .transform(Number);

const id = z.string().min(1).max(64);
const token = z.string({ error: "required: the seat's token" }).min(1).max(200);
const gameName = z.string({ error: 'required: the game name' }).min(1).max(40);
const opponents = z.array(id, { error: 'required: a list of bot agent ids (GET /api/agents?game=...)' }).max(10);

export const NewMatchJson = z.strictObject({
  game: gameName,
  players: jsonInt('the number of players'),
  opponents,
  /** Optional: must be the name of the account the request is authenticated as. */
  name: z.string().max(200).optional(),
  seat: jsonInt('your seat, 0-based').optional(),
  autoplay: z.boolean({ error: 'must be true or false (play your forced moves for you)' }).optional(),
});

export const NewMatchForm = z.object({
  game: gameName,
  players: formInt('the number of players'),
  // A form with one opponent sends a single value, with several a list.
  opponents: z.preprocess((v) => (typeof v === 'string' ? [v] : v), opponents),
  seat: formInt('your seat, 0-based').optional(),
  // A hidden 0 then the checkbox's 1: ticked sends both.
  autoplay: z.preprocess((v) => (Array.isArray(v) ? v.includes('1') : v === '1'), z.boolean()).optional(),
});

export const ActionJson = z.strictObject({
  token,
  action: jsonInt('an action id from legalActions'),
  decisions: jsonInt("the match's decision count from the page you chose on (GET returns it as decisions)"),
});

export const ActionForm = z.object({
  token,
  action: formInt('an action id'),
  decisions: formInt('the decision count of the page'),
});

export const ResignJson = z.strictObject({ token, decisions: jsonInt("the match's decision count").optional() });
export const ResignForm = z.object({ token, decisions: formInt('the decision count of the page').optional() });

export const NewTournamentJson = z.strictObject({
  game: gameName,
  agents: z.array(id).min(2).max(20),
  games: jsonInt('the number of games').min(1),
  players: jsonInt('seats per game').optional(),
  format: z.enum(['round-robin', 'gauntlet']).optional(),
});

export const NewAgentJson = z.strictObject({
  game: gameName,
  spec: z.string().min(1).max(200),
  name: z.string().max(200).optional(),
});

export const GameQuery = z.object({ game: z.string().min(1).max(40) });

/** A query integer: canonical decimal text within [min, max]. */
const queryInt = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, { error: `must be an integer from ${min} to ${max} (${what})` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be an integer from ${min} to ${max} (${what})` });

/** A leaderboard page: bots and people with rated games; guests too with guests=1. */
export const LeaderboardQuery = z.object({
  game: z.string().min(1).max(40),
  guests: z.enum(['0', '1'], { error: 'must be 0 or 1 (1 adds guests to the ladder)' }).optional(),
  page: queryInt('the page, from 1', 1, 100_000).optional(),
  perPage: queryInt('rows a page', 1, 500).optional(),
});

/** A move of an external bot (Bot API): its token is the Authorization header, not a field. */
export const BotActionJson = z.strictObject({
  action: jsonInt("an action id from the turn's legalActions"),
  decisions: jsonInt("the match's decision count from the yourTurn event"),
});

export const NewBotJson = z.strictObject({
  game: gameName,
  name: z.string({ error: 'required: a display name for your bot' }).max(200),
});

/** How long a poll waits for a turn: decimal milliseconds, at most 30 s. */
export const TurnsQuery = z.object({
  wait: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,4})$/, { error: 'must be whole milliseconds from 0 to 30000' })
    .transform(Number)
    .refine((n) => n <= 30_000, { error: 'must be whole milliseconds from 0 to 30000' })
    .optional(),
});

/** The leaderboard service's view of a parsed LeaderboardQuery. */
export function ladderView(q: z.infer<typeof LeaderboardQuery>): { guests: boolean; page?: number; perPage?: number } {
  return {
    guests: q.guests === '1',
    ...(q.page ? { page: q.page } : {}),
    ...(q.perPage ? { perPage: q.perPage } : {}),
  };
}
