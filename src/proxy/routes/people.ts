import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  newPersonSchema,
  personIdSchema,
  roleChangeSchema,
  spends,
  type Role,
} from '@/contract/people';
import { callerOf } from '../auth/access';
import { hashPassword } from '../auth/passwords';
import type { Logger, Redactor } from '../log';
import { toPerson, type Caller, type PersonRecord } from '../model/people';
import type { StoredBudgets } from '../store/budgets';
import type { StoredPeople } from '../store/people';
import { StudioHttpError, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { rejectInvalid, requireJson } from './validate';

interface PeopleDeps {
  people: StoredPeople;
  budgets: Pick<StoredBudgets, 'of'>;
  audit: AuditLog;
  log: Logger;
  redact: Redactor;
  /** Whether people sign in (STUDIO_PASSWORD is set); without, no one could. */
  signIn: boolean;
  /** Tells every replica that this person's sessions ended, to end their open pages' streams. */
  sessionsEnded: (personId: string) => void;
}

const noSuchPerson = () =>
  new StudioHttpError(studioError(404, 'not_found', 'No person with that id in this studio.'));

/** Only an owner makes, changes or removes an owner (admins manage everyone else). */
export function ownersByOwners(caller: Caller, target: Role): void {
  if (target === 'owner' && caller.role !== 'owner') {
    throw new StudioHttpError(
      studioError(
        403,
        'forbidden',
        'Only an owner may make, change or remove an owner; you are signed in as an admin.',
        'Ask an owner of the studio.',
      ),
    );
  }
}

/** Adding someone (or inviting them) on a studio where no one signs in. */
export const signInOff = () =>
  new StudioHttpError(
    studioError(
      409,
      'sign_in_off',
      'This studio has no sign-in, so a new person could not sign in.',
      'Set STUDIO_PASSWORD (the owner signs in with it) and restart the studio.',
    ),
  );

/** Removes a person the caller may remove, and records who did. */
async function removeRecorded(deps: PeopleDeps, c: Context, id: string): Promise<void> {
  const caller = callerOf(c);
  let who: PersonRecord | null = null;
  const removed = await deps.people.remove(id, (target) => {
    ownersByOwners(caller, target.role);
    who = target;
  });
  if (!removed || !who) throw noSuchPerson();
  deps.sessionsEnded(id);
  const { name, email, role } = who as PersonRecord;
  deps.log.info('person removed', { person: id, by: caller.id });
  await audited(c, deps.audit, {
    action: 'person_removed',
    subject: id,
    detail: { name, email, role },
  });
}

/**
 * `/studio-api/me` (anyone signed in: who they are, so the app hides what they may not
 * do), `/studio-api/people/names` (anyone signed in: ids and names, never emails) and `/studio-api/people` (admins and owners, auth/access.ts): list, add a local
 * person with the password they first sign in with, change a role, remove. A role
 * change or a removal ends that person's sessions on every replica (store/people.ts).
 */
export function peopleRoutes(deps: PeopleDeps): Hono {
  const app = new Hono();
  const param = zValidator('param', z.object({ id: personIdSchema }), (result) => {
    if (!result.success) throw noSuchPerson();
  });
  const invalid = rejectInvalid(deps.redact);

  app.get('/me', async (c) => {
    const me = await deps.people.get(callerOf(c).id);
    if (!me) throw noSuchPerson();
    const budget = spends(me.role) ? await deps.budgets.of(me.id) : null;
    return c.json({ me: toPerson(me), budget });
  });

  app.get('/people', async (c) => {
    const people = await deps.people.list();
    return c.json({ people: people.map(toPerson) });
  });

  app.get('/people/names', async (c) => {
    const people = await deps.people.list();
    return c.json({ people: people.map((p) => ({ id: p.id, name: p.name })) });
  });

  app.post('/people', requireJson, zValidator('json', newPersonSchema, invalid), async (c) => {
    const caller = callerOf(c);
    const draft = c.req.valid('json');
    if (!deps.signIn) throw signInOff();
    ownersByOwners(caller, draft.role);
    const person = await deps.people.create({
      name: draft.name,
      email: draft.email,
      role: draft.role,
      passwordHash: await hashPassword(draft.password),
    });
    deps.log.info('person added', { person: person.id, role: person.role, by: caller.id });
    await audited(c, deps.audit, {
      action: 'person_added',
      subject: person.id,
      detail: { name: person.name, email: person.email, role: person.role },
    });
    return c.json({ person: toPerson(person) }, 201);
  });

  app.patch(
    '/people/:id',
    param,
    requireJson,
    zValidator('json', roleChangeSchema, invalid),
    async (c) => {
      const caller = callerOf(c);
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      ownersByOwners(caller, role);
      let before: Role | null = null;
      const changed = await deps.people.setRole(id, role, (target: PersonRecord) => {
        ownersByOwners(caller, target.role);
        before = target.role;
      });
      if (!changed) throw noSuchPerson();
      // Their sessions ended with the change (none did when the role stays the same).
      if (before !== role) deps.sessionsEnded(id);
      deps.log.info('role changed', { person: id, role, by: caller.id });
      if (before !== role) {
        await audited(c, deps.audit, {
          action: 'role_changed',
          subject: id,
          detail: { from: before, to: role },
        });
      }
      return c.json({ person: toPerson(changed) });
    },
  );

  app.delete('/people/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    await removeRecorded(deps, c, id);
    return c.json({ removed: id });
  });
  return app;
}
