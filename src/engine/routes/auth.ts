import type { Context, MiddlewareHandler } from 'hono';
import { accountByKey } from '../accounts/accounts-store';
import { keyFromHeaders } from '../accounts/keys';
import type { EngineContext, EngineEnv } from './context';

export type AuthFailure = (c: Context, status: 401 | 403, message: string) => Response;

/**
 * Finds the account of the request's key (`x-api-key` or `Authorization: Bearer`).
 * Task and account endpoints word their refusals differently, so each passes its own
 * way of answering.
 */
export function requireAccount(
  ctx: EngineContext,
  refuse: AuthFailure,
): MiddlewareHandler<EngineEnv> {
  return async (c, next) => {
    const key = keyFromHeaders(c.req.raw.headers);
    if (!key) {
      return refuse(
        c,
        401,
        'missing API key: send it in the x-api-key header or as Authorization: Bearer <key>',
      );
    }
    const account = accountByKey(ctx.db, key);
    if (!account) return refuse(c, 401, 'invalid API key');
    if (!account.enabled) return refuse(c, 403, 'this account is disabled');
    c.set('account', account);
    await next();
  };
}
