import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../play/index.js';
import { randomId } from './services/ids.js';

/** An incoming X-Request-Id kept as it is: short, and only characters safe in a log line and a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request id the middleware gave a request (for log lines of its errors). */
export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

/**
 * Gives every request an id: the caller's X-Request-Id when it is sane (a proxy's, so its log and
 * ours join up), else a random one. The response carries it in X-Request-Id, error log lines carry
 * it as `request=`, and at LOG_LEVEL=debug every request is logged with its status and time.
 */
export function requestIds(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.get('x-request-id');
    const id = incoming !== undefined && SANE_ID.test(incoming) ? incoming : randomId();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    if (log.enabled('debug')) {
      const started = performance.now();
      // The path only (a seat's token travels in the query string), read now: routers rewrite it.
      const path = req.path;
      res.on('finish', () =>
        log.debug(`${req.method} ${path} -> ${res.statusCode}`, {
          ms: Math.round(performance.now() - started),
          request: id,
        }),
      );
    }
    next();
  };
}
