import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { budgetChangeSchema, type Budgets, type BudgetLimits } from '@/contract/budgets';
import { personIdSchema, spends } from '@/contract/people';
import { callerOf } from '../auth/access';
import type { Logger, Redactor } from '../log';
import type { StoredBudgets } from '../store/budgets';
import type { StoredPeople } from '../store/people';
import { StudioHttpError, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { rejectInvalid, requireJson } from './validate';

interface BudgetDeps {
  budgets: StoredBudgets;
  people: Pick<StoredPeople, 'list' | 'get'>;
  audit: AuditLog;
  log: Logger;
  redact: Redactor;
}

const noSuchPerson = () =>
  new StudioHttpError(studioError(404, 'not_found', 'No person with that id in this studio.'));

/**
 * `/studio-api/budgets` (admins and owners, auth/access.ts): the team default and each
 * person's budget and what they spent this local day and month; set the default, set a
 * person's own, or remove a person's own so the default applies to them again. Every
 * answer is the whole listing, as it is after the change.
 */
export function budgetRoutes(deps: BudgetDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);
  const param = zValidator('param', z.object({ id: personIdSchema }), (result) => {
    if (!result.success) throw noSuchPerson();
  });

  /** The team default and every person's budget and spending, as an admin sees them. */
  const listing = async (): Promise<Budgets> => {
    const { budgets } = deps;
    const periods = budgets.periods();
    const [people, { team, own }, used] = await Promise.all([
      deps.people.list(),
      budgets.limits(),
      budgets.used(periods),
    ]);
    return {
      timeZone: budgets.timeZone,
      day: periods.day,
      month: periods.month,
      default: team,
      people: people
        .filter((p) => spends(p.role))
        .map((p) => ({
          id: p.id,
          name: p.name,
          email: p.email,
          role: p.role,
          budget: {
            limits: own.get(p.id) ?? team,
            own: own.has(p.id),
            used: used.get(p.id) ?? { day: 0, month: 0 },
          },
        })),
    };
  };

  app.get('/', async (c) => c.json({ budgets: await listing() }));

  const changed = async (
    c: Context,
    subject: string,
    before: BudgetLimits | null,
    after: BudgetLimits | null,
  ) => {
    deps.log.info('budget changed', { subject, by: callerOf(c).id });
    await audited(c, deps.audit, { action: 'budget_changed', subject, detail: { before, after } });
  };

  app.put('/default', requireJson, zValidator('json', budgetChangeSchema, invalid), async (c) => {
    const limits = c.req.valid('json');
    const before = await deps.budgets.set(null, limits);
    await changed(c, 'default', before, limits);
    return c.json({ budgets: await listing() });
  });

  app.put(
    '/:id',
    param,
    requireJson,
    zValidator('json', budgetChangeSchema, invalid),
    async (c) => {
      const { id } = c.req.valid('param');
      const limits = c.req.valid('json');
      if (!(await deps.people.get(id))) throw noSuchPerson();
      const before = await deps.budgets.set(id, limits);
      await changed(c, id, before, limits);
      return c.json({ budgets: await listing() });
    },
  );

  app.delete('/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await deps.people.get(id))) throw noSuchPerson();
    const before = await deps.budgets.clear(id);
    await changed(c, id, before, null);
    return c.json({ budgets: await listing() });
  });
  return app;
}
