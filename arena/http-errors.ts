import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { AgoraError, type ErrorCode } from '../envs/index.js';
import { errorPage } from './pages/layout.js';

/** Every error code's HTTP status, in one place. */
export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400, bad_player_count: 400, bad_agent_spec: 400, bad_state: 400, illegal_action: 409, conflict: 409,
  unknown_game: 404, not_found: 404, forbidden: 403, model_version: 422, unavailable: 503,
};

/** Parses with zod; a failure is a bad_request naming each field and what it must be. */
export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`).join('; ');
  throw new AgoraError('bad_request', detail);
}

/** The one error shape: { error: { code, message } } for /api, an HTML page otherwise. No stack traces. */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  let status = 500;
  let code = 'internal';
  let message = 'internal error';
  if (err instanceof AgoraError) {
    status = STATUS[err.code] ?? 400;
    code = err.code;
    message = err.message;
  } else if (typeof err === 'object' && err !== null && 'type' in err && 'status' in err && typeof err.status === 'number') {
    // body-parser errors: malformed JSON, body too large...
    status = err.status;
    code = status === 413 ? 'too_large' : 'bad_request';
    message = status === 413 ? 'request body too large' : 'malformed request body (expected JSON or a form)';
  } else {
    console.error(err);
  }
  if (res.headersSent) return;
  if (req.path.startsWith('/api/')) res.status(status).json({ error: { code, message } });
  else res.status(status).type('html').send(errorPage(status, message));
}
