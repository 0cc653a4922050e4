import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { AgoraError, type ErrorCode } from '../envs/index.js';
import type { Logger } from '../play/index.js';
import { errorPage } from './pages/layout.js';
import { requestIdOf } from './request-id.js';

/** Every error code's HTTP status, in one place. */
const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  bad_player_count: 400,
  bad_agent_spec: 400,
  bad_state: 400,
  illegal_action: 409,
  conflict: 409,
  stale: 409,
  unknown_game: 404,
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  unsupported_media_type: 415,
  model_version: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** The HTTP status of an error code (400 for one without its own). */
export function httpStatus(code: ErrorCode): number {
  return STATUS[code] ?? 400;
}

/**
 * Parses with zod; a failure is a bad_request naming each field and what it must be. A missing body
 * (a POST without one) is read as {}, so the answer names each field it lacks.
 */
export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
  throw new AgoraError('bad_request', detail);
}

/**
 * Errors the body parsers raise (bad JSON, bad compression, unknown charset or encoding, too
 * large): they carry an HTTP status below 500 and `expose`. Mapped to the one error shape with a
 * fixed message, never the parser's own text.
 */
function bodyError(err: unknown): { status: number; code: string; message: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const status = (err as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const type = (err as { type?: unknown }).type;
  if (status === 413) return { status, code: 'too_large', message: 'request body too large (at most 32 kB)' };
  if (type === 'charset.unsupported')
    return { status, code: 'unsupported_media_type', message: 'unsupported charset: send UTF-8' };
  if (type === 'encoding.unsupported')
    return {
      status,
      code: 'unsupported_media_type',
      message: 'unsupported content-encoding: send identity, gzip, deflate or br',
    };
  return {
    status: 400,
    code: 'bad_request',
    message: 'malformed request body (expected JSON or a form, correctly encoded and compressed)',
  };
}

/**
 * The one error shape: { error: { code, message, ...details } } for /api, an HTML page otherwise.
 * Client errors (4xx) are logged as one info line; server errors as an error with a stack trace.
 * Log lines hold the method, path and request id (X-Request-Id), never the query string (a seat's
 * token travels there).
 */
export function errorHandler(log: Logger, sendHtml?: (res: Response, status: number, html: string) => void) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    let status = 500;
    let code = 'internal';
    let message = 'internal error';
    let details: Record<string, unknown> = {};
    const parsed = bodyError(err);
    if (err instanceof AgoraError) {
      status = httpStatus(err.code);
      code = err.code;
      message = err.message;
      if ('decisions' in err && typeof err.decisions === 'number') details = { decisions: err.decisions };
    } else if (parsed) {
      ({ status, code, message } = parsed);
    }
    const fields = { request: requestIdOf(res) };
    if (status >= 500 && !(err instanceof AgoraError))
      log.error(`${req.method} ${req.path} -> ${status}: ${err instanceof Error ? err.stack : String(err)}`, fields);
    else
      (status >= 500 ? log.error : log.info)(
        `${req.method} ${req.path} -> ${status} ${code}: ${message.split('\n')[0]}`,
        fields,
      );
    if (res.headersSent) return;
    if (req.path.startsWith('/api/')) res.status(status).json({ error: { code, message, ...details } });
    else if (sendHtml) sendHtml(res, status, errorPage(status, message));
    else res.status(status).type('html').send(errorPage(status, message));
  };
}
