import type { MiddlewareHandler } from 'hono';
import { isHookPath } from '../auth/paths';
import { jsonBodyLimit } from './validate';

/** A batch of creates (`POST /studio-api/jobs/batch`): 1 MiB, some 25 KB a create. */
export const BATCH_BODY_LIMIT = 1024 * 1024;

const KB = 1024;
/** No route reads a body on these, and looking for one made a GET build a whole Request. */
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A size limit for every request body, by route: a callback may be largish, a job create
 * small, a batch of them some larger, and anything else (sign-in, favourites, deletes) tiny. Routes can be stricter. A
 * request whose method carries no body (GET, HEAD, OPTIONS) is not looked at: nothing reads
 * a body it might send.
 */
export function bodyLimits(): MiddlewareHandler {
  const hook = jsonBodyLimit(1024 * KB);
  const create = jsonBodyLimit(256 * KB);
  const small = jsonBodyLimit(16 * KB);
  const batch = jsonBodyLimit(BATCH_BODY_LIMIT);
  return (c, next) => {
    if (WITHOUT_BODY.has(c.req.method)) return next();
    const path = c.req.path;
    // The upload route has its own limit, whose message names STUDIO_UPLOAD_MAX_MB.
    if (path === '/studio-api/uploads' || path === '/studio-api/uploads/') return next();
    if (isHookPath(path)) return hook(c, next);
    if (path === '/studio-api/jobs' || path === '/studio-api/jobs/') return create(c, next);
    if (path === '/studio-api/jobs/batch') return batch(c, next);
    // A saved mask: its runs may take up to 200,000 characters (contract/masks.ts).
    if (path === '/studio-api/masks' || path === '/studio-api/masks/') return create(c, next);
    return small(c, next);
  };
}
