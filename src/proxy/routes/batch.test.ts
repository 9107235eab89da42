import { afterEach, describe, expect, it } from 'vitest';
import { costOfCreate } from '@/contract/create-cost';
import { jobBatchSchema, jobListSchema, type Job } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { STORE_KINDS, type StoreKind } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';
import { PASSWORD, asJson, team } from '../test/team';

/**
 * `POST /studio-api/jobs/batch` over real sockets, on both databases: a batch is taken
 * into the studio's queue in one answer, in order, and sent from there; a repeated batch
 * makes nothing new; a bad item or a budget too small for the whole batch queues nothing.
 */
let stack: Stack | null = null;
let release = () => undefined as void;
const { freshDatabase } = studiosOn();
afterEach(async () => {
  release();
  await stack?.stopChecked();
  stack = null;
});

type Failure = { error: { code: string; message: string } };
const COST = costOfCreate({ operation: 'diffusion', params: { text: 'x' } });

const prompt = (i: number) => `batch lighthouse ${String(i).padStart(2, '0')}`;
const itemsOf = (n: number, tag = 'k') =>
  Array.from({ length: n }, (_, i) => ({
    body: { operation: 'diffusion', params: { text: prompt(i) } },
    idempotencyKey: `${tag}-${i}`,
  }));

async function studio(kind: StoreKind, maxRunning?: number) {
  const databaseUrl = kind === 'postgres' ? await freshDatabase() : undefined;
  const s = await Stack.start({
    studioPassword: PASSWORD,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(maxRunning ? { maxRunning } : {}),
  });
  stack = s;
  const { cookies, ids } = await team(s, ['admin', 'member']);
  return { s, admin: cookies.admin0 ?? '', ana: cookies.member1 ?? '', anaId: ids.member1 ?? '' };
}

const batch = (s: Stack, cookie: string, creates: unknown) =>
  s.json<unknown>('/studio-api/jobs/batch', asJson(cookie, 'POST', { creates }));

async function history(s: Stack, cookie: string): Promise<Job[]> {
  const res = await s.json('/studio-api/jobs?limit=100', { headers: { cookie } });
  return jobListSchema.parse(res.body).jobs;
}

/** The prompts the service was asked to make, in the order it was asked. */
const sent = (s: Stack) => s.fake.creates.map((c) => String(c.body.text));

describe.each(STORE_KINDS)('a batch of creates on %s', (kind) => {
  it('is queued whole and in order in one answer, sent in that order, and a retry makes nothing new', async () => {
    // One job in flight, unanswered: the studio's one slot is taken while the batch queues.
    const { s, ana } = await studio(kind, 1);
    s.fake.createGate = new Promise<void>((resolve) => (release = resolve));
    void s.call(
      '/studio-api/jobs',
      asJson(ana, 'POST', { operation: 'diffusion', params: { text: 'first' } }),
    );
    await waitFor(async () => s.fake.creates.length === 1);

    const res = await batch(s, ana, itemsOf(40));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { jobs } = jobBatchSchema.parse(res.body);
    expect(jobs.map((j) => j.prompt)).toEqual(itemsOf(40).map((_, i) => prompt(i)));
    expect(jobs.map((j) => j.queued?.place)).toEqual(jobs.map((_, i) => i + 1));
    expect(jobs.every((j) => j.status === 'pending' && j.cost.consumed === 0)).toBe(true);
    // Nothing of it reached the service yet.
    expect(sent(s)).toEqual(['first']);

    // The same batch again (a lost answer retried): the same jobs, nothing new.
    const again = await batch(s, ana, itemsOf(40));
    expect(again.status).toBe(202);
    expect(jobBatchSchema.parse(again.body).jobs.map((j) => j.id)).toEqual(jobs.map((j) => j.id));
    // The feed: the batch's 40 (the first create shows once the service answers it).
    expect(await history(s, ana)).toHaveLength(40);

    // Once the slot frees, the queue drains: each create sent once, in the batch's order.
    release();
    const done = await waitFor(async () => {
      const all = await history(s, ana);
      return all.every((j) => j.status === 'completed') ? all : null;
    }, 30_000);
    expect(done).toHaveLength(41);
    expect(sent(s)).toEqual(['first', ...itemsOf(40).map((_, i) => prompt(i))]);
    // Newest first: the batch's last create on top.
    expect(done[0]?.prompt).toBe(prompt(39));
    const retried = jobBatchSchema.parse((await batch(s, ana, itemsOf(40))).body).jobs;
    expect(retried.map((j) => j.status)).toEqual(jobs.map(() => 'completed'));
    expect(s.fake.creates).toHaveLength(41);
  }, 60_000);

  it('is sent at once when the service has room, and refused whole for a bad item or a budget too small', async () => {
    const { s, admin, ana, anaId } = await studio(kind);
    for (const [creates, status, message] of [
      [[], 400, /^creates: must hold 1 to 40 creates/],
      [itemsOf(41), 400, /^creates: must hold 1 to 40 creates/],
      [
        [...itemsOf(2), { body: { operation: 'upscale', params: {} }, idempotencyKey: 'k-9' }],
        400,
        /^creates\[2\]\.body\.parentId: is required for upscale/,
      ],
      [
        [
          ...itemsOf(3),
          {
            body: { operation: 'upscale', parentId: 'AAAAAAAAAAAA', params: { imageNo: 0 } },
            idempotencyKey: 'k-3x',
          },
        ],
        404,
        /^creates\[3\]: parentId: no such job in this studio/,
      ],
      [
        [...itemsOf(1), { ...itemsOf(2)[1], idempotencyKey: 'k-0' }],
        400,
        /^creates\[1\]\.idempotencyKey: the same as creates\[0\]'s/,
      ],
      [
        [{ ...itemsOf(1)[0], idempotencyKey: 'not a key!' }],
        400,
        /^creates\[0\]\.idempotencyKey: must be 1 to 64 letters/,
      ],
    ] as const) {
      const res = await s.json<Failure>('/studio-api/jobs/batch', asJson(ana, 'POST', { creates }));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    expect(await history(s, ana)).toEqual([]);

    // A budget that holds two creates: a batch of three is refused whole, naming what is left.
    const set = await s.json(
      `/studio-api/budgets/${anaId}`,
      asJson(admin, 'PUT', { day: 2 * COST, month: null }),
    );
    expect(set.status).toBe(200);
    const over = await s.json<Failure>(
      '/studio-api/jobs/batch',
      asJson(ana, 'POST', { creates: itemsOf(3) }),
    );
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'budget_exceeded' });
    expect(over.body.error.message).toBe(
      `Your daily budget of ${2 * COST} credits has ${2 * COST} left; these 3 creates cost ${3 * COST}.`,
    );
    expect(await history(s, ana)).toEqual([]);
    expect(s.fake.creates).toHaveLength(0);

    // Two fit: sent straight away, as the service has room.
    const two = await batch(s, ana, itemsOf(2));
    expect(two.status).toBe(202);
    await waitFor(async () => s.fake.creates.length === 2);
    expect(sent(s)).toEqual([prompt(0), prompt(1)]);
    const me = await s.json('/studio-api/me', { headers: { cookie: ana } });
    expect(me.body).toMatchObject({ budget: { used: { day: 2 * COST } } });
  }, 60_000);
});
