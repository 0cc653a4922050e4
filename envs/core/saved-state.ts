import { z } from 'zod';
import { InvalidStateError } from './errors.js';

/**
 * The start of every game's fromJSON: parse with the game's zod schema (a failure names each bad
 * field) and hand back a thrower for the game's own consistency checks, both as InvalidStateError.
 */
export function parseSavedState<T>(
  game: string,
  schema: z.ZodType<T>,
  json: unknown,
): { data: T; bad: (detail: string) => never } {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new InvalidStateError(game, z.prettifyError(parsed.error));
  return {
    data: parsed.data,
    bad: (detail: string): never => {
      throw new InvalidStateError(game, detail);
    },
  };
}
