/**
 * The `agora` command's exit codes, so a script can tell its own mistakes from a run that failed:
 * - 0: done;
 * - 1: a failure: a game crashed, a file could not be written, an unexpected error;
 * - 2: bad input: a bad option value, an unknown game, a bad agent spec, a missing model folder,
 *   or a usage error commander found (a missing required option, an unknown option).
 */
import { CommanderError } from 'commander';
import { AgoraError, type ErrorCode } from '../envs/index.js';
import { GameFailedError } from '../play/index.js';

const EXIT_FAILURE = 1;
const EXIT_BAD_INPUT = 2;

/** A failure (exit 1) whose message says all a person needs: printed without a stack. */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}

/** Error codes that say the command was given something it cannot use. */
const INPUT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'unknown_game',
  'bad_player_count',
  'bad_request',
  'bad_agent_spec',
  'bad_state',
  'model_version',
  'not_found',
]);

/** The exit code for an error that ended a command. */
export function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
  if (err instanceof GameFailedError) return EXIT_FAILURE;
  if (err instanceof AgoraError) return INPUT_CODES.has(err.code) ? EXIT_BAD_INPUT : EXIT_FAILURE;
  return EXIT_FAILURE;
}

/**
 * What to print for an error: our errors and the system's (a file that cannot be written) say what
 * went wrong in their message; anything else is a bug, and its stack helps whoever reports it.
 */
export function errorText(err: unknown): string {
  if (err instanceof AgoraError) return err.message;
  if (err instanceof Error) {
    const systemError = typeof (err as NodeJS.ErrnoException).code === 'string';
    return systemError || err instanceof CommandFailure ? err.message : (err.stack ?? err.message);
  }
  return String(err);
}
