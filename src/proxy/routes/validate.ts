import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { formatIssues } from '../../contract/errors';
import type { Redactor } from '../log';
import { StudioHttpError, invalidRequest, jobNotFound, studioError } from '../studio-error';

/**
 * Hook for @hono/zod-validator: a failed parse becomes a 400 whose message names each
 * field, redacted so that no UUID the browser sent (or the proxy filled) is echoed.
 */
export const rejectInvalid =
  (redact: Redactor) =>
  (result: { success: boolean; error?: unknown }): void => {
    if (result.success) return;
    const message =
      result.error instanceof z.ZodError ? formatIssues(result.error) : 'The request is invalid.';
    throw invalidRequest(redact(message));
  };

/** A malformed job id is just an unknown one: 404, without repeating it. */
export const rejectUnknownJob = (result: { success: boolean }): void => {
  if (!result.success) throw jobNotFound();
};

/** Request bodies of the studio are small; anything large is a mistake or an attack. */
export const jsonBodyLimit = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new StudioHttpError(
        studioError(413, 'too_large', `The request body is larger than ${maxBytes} bytes.`),
      );
    },
  });
