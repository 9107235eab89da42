import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { ledgerQuerySchema, spendingQuerySchema } from '@/contract/spending';
import { localDays } from '../model/local-days';
import type { AccountService } from '../account/summary';
import type { Redactor } from '../log';
import type { SpendingReads } from '../store/spending';
import { StudioHttpError } from '../studio-error';
import { UpstreamError, toStudioError } from '../upstream/errors';
import { audited, type AuditLog } from './audited';
import { csvStream } from './csv-stream';
import { rejectInvalid } from './validate';

interface AccountDeps {
  account: AccountService;
  spending: SpendingReads;
  redact: Redactor;
  audit: AuditLog;
}

/**
 * `/studio-api/account`: the balance, plan and running tasks in one object; where the
 * credits went (`/spending`) and the ledger as CSV (`/ledger.csv`), from the history.
 */
export function accountRoutes(deps: AccountDeps): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    try {
      return c.json({ account: await deps.account.summary() });
    } catch (err) {
      if (err instanceof UpstreamError) throw new StudioHttpError(toStudioError(err));
      throw err;
    }
  });

  app.get(
    '/spending',
    zValidator('query', spendingQuerySchema, rejectInvalid(deps.redact)),
    async (c) => {
      const { days, tz } = c.req.valid('query');
      return c.json({ spending: await deps.spending.summary(days, tz) });
    },
  );

  app.get(
    '/ledger.csv',
    zValidator('query', ledgerQuerySchema, rejectInvalid(deps.redact)),
    async (c) => {
      const { days, tz } = c.req.valid('query');
      await audited(c, deps.audit, { action: 'export', subject: 'ledger.csv', detail: { days } });
      const range = days === undefined ? null : localDays(tz, days, Date.now());
      const from = range?.[0]?.startMs ?? Number.MIN_SAFE_INTEGER;
      const to = range?.at(-1)?.endMs ?? Number.MAX_SAFE_INTEGER;
      const today = localDays(tz, 1, Date.now())[0]?.day ?? 'today';
      return new Response(csvStream(deps.spending.csv(tz, from, to)), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="studio-ledger-${today}.csv"`,
          'cache-control': 'no-store',
        },
      });
    },
  );
  return app;
}
