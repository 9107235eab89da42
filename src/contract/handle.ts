import * as z from 'zod/mini';

/**
 * The browser never sees an upstream job UUID: jobs are named by short handles that are
 * not UUID-shaped.
 */
export const HANDLE_RE = /^[A-Za-z0-9_-]{10,16}$/;
export const handleSchema = z.string().check(z.regex(HANDLE_RE, { error: 'must be a job handle' }));
