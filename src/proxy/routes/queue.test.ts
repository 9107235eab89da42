import { afterEach, describe, expect, it } from 'vitest';
import { bulkResultSchema } from '@/contract/bulk';
import { costOfCreate } from '@/contract/create-cost';
import { parseStudioEvent } from '@/contract/events';
import { jobBatchSchema, jobSchema, type Job } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { PASSWORD, asJson, team } from '../test/team';

/**
 * Moving and cancelling queued creates over real sockets: a studio that keeps one job in
 * flight (`STUDIO_MAX_RUNNING=1`) whose first create the service has not answered yet, so
 * every create after it waits in the studio's queue.
 */
let stack: Stack | null = null;
let release = () => undefined as void;
afterEach(async () => {
  release();
  await stack?.stop();
  stack = null;
});

type Failure = { error: { code: string; message: string } };

async function queuedAs(s: Stack, cookie: string, text: string): Promise<Job> {
  const res = await s.json<{ job: unknown }>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', { operation: 'diffusion', params: { text } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return jobSchema.parse(res.body.job);
}

const placeOf = async (s: Stack, cookie: string, id: string) => {
  const res = await s.json<{ job: unknown }>(`/studio-api/jobs/${id}`, { headers: { cookie } });
  return jobSchema.parse(res.body.job).queued?.place ?? null;
};

describe('queued creates', () => {
  it('are moved and cancelled by their maker or an admin, never by another member or a viewer', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD, maxRunning: 1 });
    const s = stack;
    s.fake.createGate = new Promise<void>((resolve) => (release = resolve));
    const { cookies } = await team(s, ['admin', 'member', 'member', 'viewer']);
    const who = (k: string) => cookies[k] ?? '';
    const [admin, ana, ben, viewer] = [
      who('admin0'),
      who('member1'),
      who('member2'),
      who('viewer3'),
    ];
    // The first create is on its way (unanswered): the studio's one slot is taken.
    void s.call(
      '/studio-api/jobs',
      asJson(ana, 'POST', { operation: 'diffusion', params: { text: 'first' } }),
    );
    await waitFor(async () => s.fake.creates.length === 1);
    const a1 = await queuedAs(s, ana, 'a fox');
    const a2 = await queuedAs(s, ana, 'a hare');
    const b1 = await queuedAs(s, ben, 'an owl');
    expect([a1, a2, b1].map((j) => j.queued?.place)).toEqual([1, 2, 3]);
    expect(a1).toMatchObject({ status: 'pending', createUnknown: null, cost: { consumed: 0 } });

    // Another member and a viewer: refused, nothing moved.
    for (const [who, code] of [
      [ben, 'forbidden'],
      [viewer, 'forbidden'],
    ] as const) {
      const moved = await s.json<Failure>(
        `/studio-api/jobs/${a2.id}/place`,
        asJson(who, 'PUT', { place: 1 }),
      );
      expect(moved.status).toBe(403);
      expect(moved.body.error.code).toBe(code);
      const cancelled = await s.json<Failure>(`/studio-api/jobs/${a2.id}`, asJson(who, 'DELETE'));
      expect(cancelled.status).toBe(403);
    }
    expect(await placeOf(s, ana, a2.id)).toBe(2);

    // Bad input names the field and what it takes.
    for (const [body, message] of [
      [{ place: 0 }, /^place: must be a whole number from 1/],
      [{ place: 'top' }, /^place: must be a whole number from 1/],
      [{}, /^place, before: give either place .* or before .*, not both or neither/],
      [{ place: 1, before: b1.id }, /^place, before: give either place/],
      [{ before: 'notAJob00001' }, /^before: must be the id of another job that waits/],
    ] as const) {
      const res = await s.json<Failure>(
        `/studio-api/jobs/${a2.id}/place`,
        asJson(ana, 'PUT', body),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }

    // Her own: to the top; an admin moves Ben's before hers.
    const top = await s.json<{ job: unknown }>(
      `/studio-api/jobs/${a2.id}/place`,
      asJson(ana, 'PUT', { place: 1 }),
    );
    expect(top.status).toBe(200);
    expect(jobSchema.parse(top.body.job).queued).toEqual({ place: 1 });
    const before = await s.json(
      `/studio-api/jobs/${b1.id}/place`,
      asJson(admin, 'PUT', { before: a2.id }),
    );
    expect(before.status).toBe(200);
    expect(await Promise.all([b1, a2, a1].map((j) => placeOf(s, ana, j.id)))).toEqual([1, 2, 3]);

    // Cancelled by its maker: gone, the one behind moves up, and the audit log says so.
    const stream = await s.events({ cookie: ana });
    await stream.next((m) => m.event === 'status');
    const gone = await s.json(`/studio-api/jobs/${a2.id}`, asJson(ana, 'DELETE'));
    expect(gone).toMatchObject({ status: 200, body: { deleted: a2.id } });
    // Browsers hear of it as the job removed and one move: the place, not the whole job.
    await stream.next((m) => m.event === 'queue');
    const heard = stream.messages.flatMap((m) => {
      const e = parseStudioEvent(m.event, m.data);
      return e?.event === 'job-removed' || e?.event === 'queue' || e?.event === 'job' ? [e] : [];
    });
    expect(heard).toEqual([
      { event: 'job-removed', data: { id: a2.id } },
      { event: 'queue', data: { places: [{ id: a1.id, place: 2 }] } },
    ]);
    expect((await s.call(`/studio-api/jobs/${a2.id}`, { headers: { cookie: ana } })).status).toBe(
      404,
    );
    expect(await placeOf(s, ana, a1.id)).toBe(2);
    const audit = await s.json<{ entries: { action: string; subject: string }[] }>(
      '/studio-api/audit?action=queue_cancelled',
      { headers: { cookie: admin } },
    );
    expect(audit.body.entries.map((e) => e.subject)).toEqual([a2.id]);

    // Once the service answers, the queue drains; a job no longer waiting cannot be moved.
    release();
    await waitFor(async () => (await placeOf(s, ana, a1.id)) === null, 20_000);
    const late = await s.json<Failure>(
      `/studio-api/jobs/${a1.id}/place`,
      asJson(ana, 'PUT', { place: 1 }),
    );
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('not_queued');
  }, 60_000);

  it('keep their places while the service refuses the next one as busy, and move up once it is sent', async () => {
    stack = await Stack.start({});
    const s = stack;
    const stream = await s.events();
    await stream.next((m) => m.event === 'status');
    // Busy for the first create and two retries of it (a second apart, then two).
    s.fake.busyCreates = 3;
    s.fake.createDelayMs = 40;
    const first = await queuedAs(s, '', 'a kite');
    expect(first.queued).toEqual({ place: 1 });
    // Behind it, or first while it was on its way (a head being sent has no place).
    const second = await queuedAs(s, '', 'a sail');
    await stream.next((m) => {
      const e = parseStudioEvent(m.event, m.data);
      return e?.event === 'job' && e.data.job.id === second.id && e.data.job.status !== 'pending';
    }, 20_000);
    expect(s.fake.creates.length).toBe(5);

    // What a page saw of the second: second in line (once the busy head was back at the
    // front), then first once the head was sent (unless it was taken at once), then sent;
    // never first and back at each retry.
    const places = stream.messages.flatMap((m) => {
      const e = parseStudioEvent(m.event, m.data);
      if (e?.event === 'queue') return e.data.places.filter((p) => p.id === second.id);
      if (e?.event === 'job' && e.data.job.id === second.id) return [e.data.job.queued];
      return [];
    });
    const shown = places.map((p) => p?.place ?? null).filter((p, i, all) => p !== all[i - 1]);
    expect([
      [2, 1, null],
      [2, null],
    ]).toContainEqual(shown.slice(shown.indexOf(2)));
  }, 60_000);

  it('reach a page as one queue event per send while a batch drains, not every waiting job each time', async () => {
    stack = await Stack.start({ maxRunning: 1 });
    const s = stack;
    const stream = await s.events();
    await stream.next((m) => m.event === 'status');
    const n = 30;
    const creates = Array.from({ length: n }, (_, i) => ({
      body: { operation: 'diffusion', params: { text: `a lamp ${i}` } },
      idempotencyKey: `drain-${i}`,
    }));
    const res = await s.json('/studio-api/jobs/batch', asJson('', 'POST', { creates }));
    expect(res.status).toBe(202);
    const { jobs } = jobBatchSchema.parse(res.body);
    const last = jobs.at(-1)?.id ?? '';
    await stream.next((m) => {
      const e = parseStudioEvent(m.event, m.data);
      return e?.event === 'job' && e.data.job.id === last && e.data.job.status === 'completed';
    }, 60_000);
    const count = (name: string) => stream.messages.filter((m) => m.event === name).length;
    // A job's own changes are a handful each (sent, pending, running, done, its sizes);
    // each job announced again at every send ahead of it was about n²/2 more (587 for 30).
    expect(count('queue')).toBeLessThanOrEqual(n);
    expect(count('job')).toBeLessThanOrEqual(8 * n);
  }, 90_000);

  it('are cancelled by a bulk delete: never sent, nothing charged, those behind move up', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD, maxRunning: 1 });
    const s = stack;
    s.fake.createGate = new Promise<void>((resolve) => (release = resolve));
    const { cookies } = await team(s, ['admin', 'member']);
    const [admin, ana] = [cookies.admin0 ?? '', cookies.member1 ?? ''];
    const cost = costOfCreate({ operation: 'diffusion', params: { text: 'x' } });
    await s.json(
      '/studio-api/budgets/default',
      asJson(admin, 'PUT', { day: 100 * cost, month: null }),
    );
    void s.call(
      '/studio-api/jobs',
      asJson(ana, 'POST', { operation: 'diffusion', params: { text: 'first' } }),
    );
    await waitFor(async () => s.fake.creates.length === 1);
    const creates = ['a fox', 'a hare', 'an owl'].map((text, i) => ({
      body: { operation: 'diffusion', params: { text } },
      idempotencyKey: `bulk-${i}`,
    }));
    const queued = await s.json('/studio-api/jobs/batch', asJson(ana, 'POST', { creates }));
    expect(queued.status).toBe(202);
    const [fox, hare, owl] = jobBatchSchema.parse(queued.body).jobs;
    if (!fox || !hare || !owl) throw new Error('three jobs queued');
    const used = async () => {
      const me = await s.json<{ budget: { used: { day: number } } }>('/studio-api/me', {
        headers: { cookie: ana },
      });
      return me.body.budget.used.day;
    };
    expect(await used()).toBe(4 * cost);

    // Counted first, then deleted: the two queued are cancelled, the one between moves up.
    const bulk = (dryRun: boolean) =>
      s.json(
        '/studio-api/jobs/bulk',
        asJson(ana, 'POST', { action: 'delete', ids: [fox.id, owl.id], dryRun }),
      );
    expect(bulkResultSchema.parse((await bulk(true)).body)).toMatchObject({
      changed: 2,
      skipped: 0,
    });
    expect(await placeOf(s, ana, fox.id)).toBe(1);
    expect(bulkResultSchema.parse((await bulk(false)).body)).toMatchObject({
      changed: 2,
      skipped: 0,
    });
    for (const gone of [fox, owl]) {
      expect(
        (await s.call(`/studio-api/jobs/${gone.id}`, { headers: { cookie: ana } })).status,
      ).toBe(404);
    }
    expect(await placeOf(s, ana, hare.id)).toBe(1);
    // Their reservations are released: only what may still be made counts.
    expect(await used()).toBe(2 * cost);

    // The service answers: only the first and the hare are ever sent.
    release();
    await waitFor(async () => {
      const res = await s.json<{ job: unknown }>(`/studio-api/jobs/${hare.id}`, {
        headers: { cookie: ana },
      });
      return jobSchema.parse(res.body.job).status === 'completed';
    }, 20_000);
    expect(s.fake.creates.map((c) => c.body.text)).toEqual(['first', 'a hare']);
  }, 60_000);
});
