import { Hono } from 'hono';
import type { AccountService } from '../account/summary';
import { StudioHttpError } from '../studio-error';
import { UpstreamError, toStudioError } from '../upstream/errors';

/** `/studio-api/account`: balance, plan and running tasks in one small object. */
export function accountRoutes(account: AccountService): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    try {
      return c.json({ account: await account.summary() });
    } catch (err) {
      if (err instanceof UpstreamError) throw new StudioHttpError(toStudioError(err));
      throw err;
    }
  });
  return app;
}
