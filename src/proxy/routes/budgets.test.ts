import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { auditPageSchema } from '@/contract/audit';
import { budgetsSchema } from '@/contract/budgets';
import { meSchema } from '@/contract/people';
import { jobSchema } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { PASSWORD, asJson, signIn, team } from '../test/team';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

type ErrorBody = { error: { status: number; code: string; message: string } };

/** What the fake service freezes for a diffusion, as the price table says. */
const DIFFUSION = 80;

const create = (s: Stack, cookie: string, text: string) =>
  s.json<{ job?: unknown } & Partial<ErrorBody>>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', { operation: 'diffusion', params: { text } }),
  );

describe('budgets over HTTP', () => {
  it('lets an admin set them, shows a member theirs, and refuses a create past it before it is sent', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD });
    const s = stack;
    const { cookies, ids } = await team(s, ['admin', 'member', 'member']);
    const [admin, ana, ben] = [cookies.admin0 ?? '', cookies.member1 ?? '', cookies.member2 ?? ''];
    const anaId = ids.member1 ?? '';

    // Bad budgets are refused, naming the field and what it allows.
    const bad = await s.json<ErrorBody>(
      `/studio-api/budgets/${anaId}`,
      asJson(admin, 'PUT', { day: -1, month: 'lots' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/day: must be 0 or more credits, or null for no limit/);
    expect(bad.body.error.message).toMatch(/month: must be a number of credits, or null/);
    const missing = await s.json<ErrorBody>(
      '/studio-api/budgets/default',
      asJson(admin, 'PUT', { day: 10 }),
    );
    expect(missing.body.error.message).toMatch(/month/);
    const nobody = await s.json<ErrorBody>(
      '/studio-api/budgets/AAAAAAAAAAAA',
      asJson(admin, 'PUT', { day: 1, month: null }),
    );
    expect(nobody.status).toBe(404);

    // Two diffusions a day for Ana; the team default of one for everyone else.
    const set = await s.json(
      `/studio-api/budgets/${anaId}`,
      asJson(admin, 'PUT', { day: 2 * DIFFUSION, month: null }),
    );
    expect(set.status).toBe(200);
    // Every change answers with the whole listing as it now is.
    expect(budgetsSchema.parse(set.body).budgets.people.find((p) => p.id === anaId)).toMatchObject({
      budget: { limits: { day: 2 * DIFFUSION, month: null }, own: true },
    });
    await s.json(
      '/studio-api/budgets/default',
      asJson(admin, 'PUT', { day: DIFFUSION, month: 10 * DIFFUSION }),
    );
    // Only admins see everyone's.
    expect((await s.json('/studio-api/budgets', { headers: { cookie: ana } })).status).toBe(403);

    for (const text of ['a fox', 'an owl']) expect((await create(s, ana, text)).status).toBe(200);
    const me = await s.json('/studio-api/me', { headers: { cookie: ana } });
    expect(meSchema.parse(me.body).budget).toEqual({
      limits: { day: 160, month: null },
      own: true,
      used: { day: 160, month: 160 },
    });

    const sent = s.fake.creates.length;
    const refused = await create(s, ana, 'a third');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'budget_exceeded',
      message: 'Your daily budget of 160 credits has 0 left; this create costs 80.',
    });
    expect(s.fake.creates.length).toBe(sent);

    // Ben has the team default.
    expect((await create(s, ben, 'a hare')).status).toBe(200);
    const benRefused = await create(s, ben, 'a second hare');
    expect(benRefused.body.error?.message).toBe(
      'Your daily budget of 80 credits has 0 left; this create costs 80.',
    );

    const all = await s.json('/studio-api/budgets', { headers: { cookie: admin } });
    const { budgets } = budgetsSchema.parse(all.body);
    expect(budgets.default).toEqual({ day: 80, month: 800 });
    const byName = Object.fromEntries(budgets.people.map((p) => [p.name, p.budget]));
    expect(byName['A member']).toBeDefined();
    expect(budgets.people.find((p) => p.id === anaId)?.budget).toEqual({
      limits: { day: 160, month: null },
      own: true,
      used: { day: 160, month: 160 },
    });
    expect(budgets.people.find((p) => p.id === ids.member2)?.budget).toMatchObject({
      own: false,
      used: { day: 80 },
    });

    // Ana's own removed: the team default is hers, which she is past.
    await s.json(`/studio-api/budgets/${anaId}`, { method: 'DELETE', headers: { cookie: admin } });
    const after = await s.json('/studio-api/me', { headers: { cookie: ana } });
    expect(after.body).toMatchObject({ budget: { own: false, limits: { day: 80 } } });

    // Each change is in the audit log, with who made it and what it was before.
    const log = await s.json('/studio-api/audit?action=budget_changed', {
      headers: { cookie: admin },
    });
    const page = auditPageSchema.parse(log.body);
    expect(page.entries.map((e) => e.subject)).toEqual([anaId, 'default', anaId]);
    expect(page.entries[0]).toMatchObject({
      actor: { id: ids.admin0, name: 'A admin' },
      detail: { before: { day: 160, month: null }, after: null },
    });
  });
});

describe('the audit log over HTTP', () => {
  it('shows admins who signed in, failed to, deleted and favourited; members may not read it', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD });
    const s = stack;
    const { cookies, ids } = await team(s, ['admin', 'member']);
    const [admin, ana] = [cookies.admin0 ?? '', cookies.member1 ?? ''];
    const wrong = await s.call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'member1@example.com', password: 'not it' }).toString(),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);

    const made = await create(s, ana, '=HYPERLINK("http://evil.example","click")');
    const job = jobSchema.parse(made.body.job);
    // Finished, and its media cached (a delete then has no download to race).
    const db = new Database(path.join(s.dataDir, 'studio.sqlite'), { readonly: true });
    const cached = () => {
      const row = db.prepare('SELECT status, media_pending FROM jobs WHERE handle = ?').get(job.id);
      const { status, media_pending } = (row ?? {}) as { status?: string; media_pending?: number };
      return status === 'completed' && media_pending === 0 ? true : null;
    };
    await waitFor(() => Promise.resolve(cached()));
    db.close();
    await s.json(`/studio-api/jobs/${job.id}/favourite`, {
      method: 'PUT',
      headers: { cookie: ana },
    });
    const del = await s.json(`/studio-api/jobs/${job.id}`, {
      method: 'DELETE',
      headers: { cookie: ana },
    });
    expect(del.status).toBe(200);
    expect(del.status).toBe(200);

    expect((await s.json('/studio-api/audit', { headers: { cookie: ana } })).status).toBe(403);
    expect((await s.call('/studio-api/audit.csv', { headers: { cookie: ana } })).status).toBe(403);

    const res = await s.json('/studio-api/audit', { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const { entries } = auditPageSchema.parse(res.body);
    const anaEntries = entries.filter(
      (e) => e.actor?.id === ids.member1 || e.subject === ids.member1,
    );
    expect(anaEntries.map((e) => e.action)).toEqual([
      'job_deleted',
      'favourite',
      'sign_in_failed',
      'sign_in',
      'person_added',
    ]);
    expect(entries.find((e) => e.action === 'job_deleted')).toMatchObject({
      actor: { id: ids.member1, name: 'A member' },
      subject: job.id,
      ip: '127.0.0.1',
    });
    expect(entries.find((e) => e.action === 'sign_in_failed')).toMatchObject({
      actor: null,
      subject: ids.member1,
      detail: { email: 'member1@example.com' },
    });

    // Filtered by person and action, paged newest first.
    const first = await s.json(`/studio-api/audit?person=${ids.member1 ?? ''}&limit=2`, {
      headers: { cookie: admin },
    });
    const page = auditPageSchema.parse(first.body);
    expect(page.entries.map((e) => e.action)).toEqual(['job_deleted', 'favourite']);
    const second = await s.json(
      `/studio-api/audit?person=${ids.member1 ?? ''}&limit=2&cursor=${page.nextCursor ?? ''}`,
      { headers: { cookie: admin } },
    );
    expect(auditPageSchema.parse(second.body).entries.map((e) => e.action)).toEqual([
      'sign_in_failed',
      'sign_in',
    ]);
    const bad = await s.json<ErrorBody>('/studio-api/audit?action=dance', {
      headers: { cookie: admin },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/action: must be one of sign_in, sign_in_failed/);

    // The CSV: a header, the same entries, and a prompt that starts a formula made text.
    const csv = await s.call('/studio-api/audit.csv?action=job_deleted', {
      headers: { cookie: admin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0]).toBe('time,actor,actor_id,action,subject,detail,ip');
    expect(lines).toHaveLength(2);
    // Ids and handles may start with `-` too: made text like any cell that could be a formula.
    const cell = (v: string) => (v.startsWith('-') ? `'${v}` : v);
    expect(lines[1]).toContain(`,A member,${cell(ids.member1 ?? '')},job_deleted,${cell(job.id)},`);
    expect(lines[1]).toContain('""prompt"":""=HYPERLINK');
    // A name that starts with `=` is made text too.
    const evil = await s.json<{ person: { id: string } }>(
      '/studio-api/people',
      asJson(cookies.owner ?? '', 'POST', {
        name: '=cmd|"/c calc"!A1',
        email: 'evil@example.com',
        role: 'viewer',
        password: 'a long enough password',
      }),
    );
    const evilCookie = await signIn(s, 'evil@example.com', 'a long enough password');
    expect(evilCookie).not.toBe('');
    const signIns = await s.call(
      `/studio-api/audit.csv?person=${evil.body.person.id}&action=sign_in`,
      {
        headers: { cookie: admin },
      },
    );
    const row = signIns.text.trimEnd().split('\n')[1] ?? '';
    expect(row.split(',')[1]).toBe(`"'=cmd|""/c calc""!A1"`);

    // A role change, a removal, a bulk action and an export, each with who did it.
    const owner = cookies.owner ?? '';
    const evilId = evil.body.person.id;
    await s.json(`/studio-api/people/${evilId}`, asJson(owner, 'PATCH', { role: 'member' }));
    await s.json(`/studio-api/people/${evilId}`, { method: 'DELETE', headers: { cookie: owner } });
    await s.json(
      '/studio-api/jobs/bulk',
      asJson(admin, 'POST', { action: 'favourite', filter: {} }),
    );
    await s.call('/studio-api/account/ledger.csv', { headers: { cookie: ana } });
    const latest = await s.json('/studio-api/audit?limit=6', { headers: { cookie: admin } });
    const newest = auditPageSchema.parse(latest.body).entries;
    expect(newest.slice(0, 4)).toMatchObject([
      { action: 'export', actor: { id: ids.member1 }, subject: 'ledger.csv' },
      { action: 'favourite', actor: { id: ids.admin0 }, detail: { bulk: true } },
      { action: 'person_removed', subject: evilId, detail: { email: 'evil@example.com' } },
      { action: 'role_changed', subject: evilId, detail: { from: 'viewer', to: 'member' } },
    ]);
  });
});
