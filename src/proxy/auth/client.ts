import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The client's address, as the socket sees it: headers could be forged. */
export function clientOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
