import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger, Redactor } from '../log';
import { StudioHttpError, studioError, studioErrorResponse } from '../studio-error';

/** Every failure as `{error: StudioError}`; unexpected ones logged, never shown. */
export const studioErrorHandler =
  (redact: Redactor, log: Logger): ErrorHandler =>
  (err, c) => {
    if (err instanceof StudioHttpError) return studioErrorResponse(err.error);
    if (err instanceof HTTPException) {
      // Hono's own 4xx, such as a body that is not JSON.
      const message = redact(err.message || 'The request could not be read.');
      return studioErrorResponse(studioError(err.status, 'invalid_request', message));
    }
    // The client hung up while its body was being read (or sent less than it announced):
    // its doing, not the studio's, and nobody is left to read the answer.
    if (c.req.raw.signal.aborted) {
      return studioErrorResponse(
        studioError(400, 'invalid_request', 'The request ended before its body.'),
      );
    }
    // The route pattern, not the path: paths carry tokens that must not reach a log.
    log.error('request failed', { route: c.req.routePath, err });
    return studioErrorResponse(
      studioError(500, 'internal', 'The studio hit an unexpected error.', 'Try again.'),
    );
  };
