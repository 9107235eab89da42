import type { StudioError } from '@/contract/studio-api';
import { withRequestId } from '@/server/log';

/** A failure the browser should see as `{error: StudioError}` with `error.status`. */
export class StudioHttpError extends Error {
  constructor(readonly error: StudioError) {
    super(error.message);
    this.name = 'StudioHttpError';
  }
}

export function studioError(
  status: number,
  code: string,
  message: string,
  hint: string | null = null,
  retryAfterS: number | null = null,
): StudioError {
  return { status, code, message, hint, retryAfterS };
}

export const invalidRequest = (message: string, hint: string | null = null): StudioHttpError =>
  new StudioHttpError(studioError(400, 'invalid_request', message, hint));

/** Never names the id the browser sent: it could be something it should not hold. */
export const jobNotFound = (): StudioHttpError =>
  new StudioHttpError(
    studioError(404, 'not_found', 'No job with that id exists in this studio.', null),
  );

/**
 * Every failure's answer: `{error: StudioError}` with the status of the error, its
 * `retry-after`, and the id of the request it answers (the one its log lines carry).
 */
/**
 * A member naming jobs someone else made (`handles`, by handle): what they may do only to
 * their own (`doing`: "change or delete", "export").
 */
export const othersJobs = (handles: readonly string[], doing: string): StudioHttpError =>
  new StudioHttpError(
    studioError(
      403,
      'forbidden',
      handles.length === 1
        ? `Someone else made this job (${handles[0]}): a member may ${doing} only their own jobs.`
        : `Someone else made ${handles.length} of these jobs (${handles.slice(0, 5).join(', ')}${handles.length > 5 ? ', …' : ''}): a member may ${doing} only their own jobs.`,
      'Ask an admin or an owner of the studio.',
    ),
  );

export function studioErrorResponse(error: StudioError): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  // Clients and intermediaries understand the header; the body says the same for people.
  if (error.retryAfterS !== null) headers.set('retry-after', String(Math.ceil(error.retryAfterS)));
  const body = JSON.stringify({ error: withRequestId(error) });
  return new Response(body, { status: error.status, headers });
}
