/**
 * Quick tests of saved-state JSON beside its zod schemas (core/position.ts): loading a state runs
 * plain code, and zod only when a test says no, to decide and to name what is wrong.
 */
import type { z } from 'zod';

/** Quick tests registered for schemas (withQuickCheck): fromJSON runs zod only when one says no. */
export const QUICK_CHECKS = new WeakMap<z.ZodType, (json: unknown) => boolean>();

/**
 * Registers a plain-code test of what `schema` accepts, for loading saved states fast: it may answer
 * false for JSON the schema accepts (zod then decides, and names what is wrong), never true for JSON
 * it rejects. The test belongs to this schema object, so a field that replaces `json` with its own
 * schema does not inherit a test written for another.
 */
export function withQuickCheck<S extends z.ZodType>(schema: S, accepts: (json: unknown) => boolean): S {
  QUICK_CHECKS.set(schema, accepts);
  return schema;
}
