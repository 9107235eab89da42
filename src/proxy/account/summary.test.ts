import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '@/contract/account-summary';
import type { TaskStatus } from '@/contract/task';
import type { JobRecord } from '../model/record';
import { createLogger } from '@/server/log';
import type { ActiveJob, JobChange } from '../store/history';
import { waitFor } from '../test/harness';
import type { AccountPath } from '../upstream/client';
import { UpstreamError } from '../upstream/errors';
import { AccountService, accountChanges } from './summary';

const GAP = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const envelope = (data: unknown) => ({ code: 200, message: 'success', data });

/**
 * An upstream whose account reads take `latencyMs` and report `credits` (the credit pack)
 * and `frozen`, and `others` running tasks of another client; it counts reads by path.
 */
class Upstream {
  credits = 1000;
  frozen = 0;
  others = 0;
  latencyMs = 10;
  down = false;
  readonly starts: number[] = [];
  readonly reads: Record<AccountPath, number> = { balance: 0, info: 0, active_tasks: 0 };

  async getAccount(path: AccountPath): Promise<unknown> {
    this.reads[path]++;
    if (path === 'info') this.starts.push(Date.now());
    const { credits, frozen, others } = this;
    await sleep(this.latencyMs);
    if (this.down) throw new UpstreamError(null, 'The image service could not be reached.');
    if (path === 'balance') {
      return envelope({
        available_credits: credits,
        available_points: 0,
        balance_usd: credits / 1000,
        alert_threshold: 0.5,
        low_balance_alert: credits < 500,
      });
    }
    if (path === 'info') {
      return envelope({
        name: 'dev',
        wallet: { point_remain: 0, point_frozen: 0, point_used: 0 },
        credit_pack_info: {
          total_credits: 5000,
          available_credits: credits,
          frozen_credits: frozen,
        },
      });
    }
    const tasks = Array.from({ length: others }, (_, i) => ({
      job_id: `other-${i}`,
      task_type: 'diffusion',
      status: 'processing',
      created_at: '2026-05-03T09:00:00Z',
    }));
    return envelope({
      total_active: others,
      concurrent_limit: 6,
      by_model: { midjourney: { staged: 0, pending: 0, processing: others, retry: 0 } },
      tasks,
    });
  }
}

/** The studio's running jobs, as its history holds them. */
class Jobs {
  readonly jobs = new Map<string, { upstreamId: string; status: TaskStatus }>();

  active(): Promise<ActiveJob[]> {
    return Promise.resolve(
      [...this.jobs].map(([handle, j]) => ({ handle, upstreamId: j.upstreamId, hooked: true })),
    );
  }

  get(handle: string): Promise<JobRecord | null> {
    const j = this.jobs.get(handle);
    const record = j && {
      handle,
      upstreamId: j.upstreamId,
      status: j.status,
      operation: 'diffusion',
      createdAt: '2026-05-03T10:00:00Z',
    };
    return Promise.resolve((record as JobRecord | undefined) ?? null);
  }
}

let services: AccountService[] = [];
afterEach(async () => {
  await Promise.all(services.map((s) => s.stop()));
  services = [];
});

interface Options {
  settleMs?: number;
  fullMs?: number;
  jobs?: Jobs;
  reachable?: () => boolean;
  watchers?: number;
}

function service(upstream: Upstream, opts: Options = {}) {
  const published: AccountSummary[] = [];
  const reachable = opts.reachable;
  const s = new AccountService({
    upstream,
    history: opts.jobs ?? new Jobs(),
    log: createLogger({ level: 'silent' }),
    publish: (a) => published.push(a),
    watchers: () => opts.watchers ?? 1,
    minGapMs: GAP,
    settleMs: opts.settleMs ?? 0,
    fullMs: opts.fullMs ?? 60_000,
    ...(reachable ? { reachable } : {}),
  });
  services.push(s);
  s.start();
  return { s, published };
}

const gaps = (starts: number[]) => starts.slice(1).map((t, i) => t - (starts[i] ?? 0));

describe('the live account', () => {
  it('reads at most once per gap however many jobs change, and catches the last change', async () => {
    const upstream = new Upstream();
    const { s, published } = service(upstream);
    await s.summary();
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) {
      upstream.credits -= 10;
      s.notify();
      await sleep(10);
    }
    await waitFor(async () => published.at(-1)?.availableCredits === 600, 3000);
    // However slow the machine: at most one read per gap, counted up to the last read,
    // which may come a gap or two after the last change (the catch-up, then a full read).
    const last = upstream.starts.at(-1) ?? t0;
    expect(upstream.starts.length).toBeLessThanOrEqual(2 + Math.floor((last - t0) / GAP));
    for (const g of gaps(upstream.starts)) expect(g).toBeGreaterThanOrEqual(GAP - 1);
  });

  it('waits out the gap by the clock when its timer fires early', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const upstream = new Upstream();
      upstream.latencyMs = 0;
      const { s } = service(upstream);
      const first = s.summary();
      await vi.advanceTimersByTimeAsync(1);
      await first;
      s.notify();
      // The clock steps back 20 ms (as a time sync may), so by the clock the timer is early.
      vi.setSystemTime(Date.now() - 20);
      await vi.advanceTimersByTimeAsync(GAP);
      expect(upstream.starts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(40);
      expect(upstream.starts).toHaveLength(2);
      for (const g of gaps(upstream.starts)) expect(g).toBeGreaterThanOrEqual(GAP);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads once more when a change comes while a read is on its way', async () => {
    const upstream = new Upstream();
    upstream.latencyMs = 80;
    const { s, published } = service(upstream);
    s.notify();
    await sleep(20);
    upstream.credits = 400;
    s.notify();
    await waitFor(async () => published.length === 2, 3000);
    expect(upstream.starts).toHaveLength(2);
    expect(published.map((a) => a.availableCredits)).toEqual([1000, 400]);
  });

  it('reads only the info for a create or an end, nothing for a state, and keeps no timer', async () => {
    const upstream = new Upstream();
    const jobs = new Jobs();
    const { s, published } = service(upstream, { jobs });
    await s.summary();
    expect(upstream.reads).toEqual({ balance: 1, info: 1, active_tasks: 1 });
    published.splice(0);

    // A create: its price frozen, its task pending.
    upstream.credits = 920;
    upstream.frozen = 80;
    jobs.jobs.set('h1', { upstreamId: 'up-1', status: 'pending' });
    s.notify('money', 'up-1');
    await waitFor(async () => published.length === 1);
    expect(published[0]).toMatchObject({
      availableCredits: 920,
      balanceUsd: 0.92,
      frozenCredits: 80,
      activeTasks: 1,
      byModel: { midjourney: { pending: 1, processing: 0 } },
      tasks: [{ id: 'h1', status: 'pending' }],
    });

    // Its state moves on: the studio knows it, the service is not asked.
    jobs.jobs.set('h1', { upstreamId: 'up-1', status: 'processing' });
    s.notify('tasks', 'up-1');
    await waitFor(async () => published.length === 2);
    expect(published[1]?.byModel).toEqual({
      midjourney: { staged: 0, pending: 0, processing: 1, retry: 0 },
    });
    // The task runs, a browser watches, and no timer reads the account meanwhile.
    await sleep(GAP * 4);
    expect(upstream.reads).toEqual({ balance: 1, info: 2, active_tasks: 1 });

    // It ends: its price used, its slot free, the balance alert on below the threshold.
    upstream.credits = 420;
    upstream.frozen = 0;
    jobs.jobs.delete('h1');
    s.notify('money', 'up-1');
    await waitFor(async () => published.length === 3);
    expect(published[2]).toMatchObject({
      availableCredits: 420,
      frozenCredits: 0,
      lowBalance: true,
      activeTasks: 0,
      tasks: [],
    });
    expect(upstream.reads).toEqual({ balance: 1, info: 3, active_tasks: 1 });
  });

  it('lists the studio’s own tasks beside another client’s, and follows those while a browser watches', async () => {
    const upstream = new Upstream();
    upstream.others = 1;
    const jobs = new Jobs();
    jobs.jobs.set('h1', { upstreamId: 'up-1', status: 'processing' });
    const { s, published } = service(upstream, { jobs });
    const first = await s.summary();
    expect(first).toMatchObject({
      activeTasks: 2,
      byModel: { midjourney: { processing: 2 } },
    });
    expect(first.tasks.map((t) => [t.id, t.status])).toEqual([
      [null, 'processing'],
      ['h1', 'processing'],
    ]);
    // The studio hears nothing of the other client's task: it reads until it is gone...
    await waitFor(async () => upstream.reads.active_tasks >= 3);
    upstream.others = 0;
    await waitFor(async () => published.at(-1)?.activeTasks === 1);
    expect(published.at(-1)?.tasks.map((t) => t.id)).toEqual(['h1']);
    // ...and then no more, though its own task still runs.
    const reads = { ...upstream.reads };
    await sleep(GAP * 4);
    expect(upstream.reads).toEqual(reads);
  });

  it('takes a task of the studio that ended during a full read for its own, not another client’s', async () => {
    const upstream = new Upstream();
    const jobs = new Jobs();
    const { s } = service(upstream, { jobs });
    // The service still lists it; the studio has heard of its end since.
    const read = upstream.getAccount.bind(upstream);
    upstream.getAccount = async (path) => {
      const answer = (await read(path)) as { data: Record<string, unknown> };
      if (path !== 'active_tasks') return answer;
      const task = { job_id: 'up-1', task_type: 'diffusion', status: 'processing', created_at: '' };
      return envelope({ ...answer.data, total_active: 1, tasks: [task] });
    };
    s.notify('money', 'up-1');
    const summary = await s.summary();
    expect(summary.activeTasks).toBe(0);
    expect(summary.tasks).toEqual([]);
  });

  it('answers page loads from the figures while nothing changed, and reads all again when old', async () => {
    const upstream = new Upstream();
    upstream.latencyMs = 30;
    const { s } = service(upstream, { fullMs: GAP });
    const [a, b] = await Promise.all([s.summary(), s.summary()]);
    expect(a).toBe(b);
    expect(await s.summary()).toBe(a);
    expect(upstream.reads.balance).toBe(1);
    await sleep(GAP + 10);
    await s.summary();
    expect(upstream.reads).toEqual({ balance: 2, info: 2, active_tasks: 2 });
  });

  it('reads all again for a page load while the studio’s own jobs change, so another client’s tasks show', async () => {
    const upstream = new Upstream();
    const { s } = service(upstream, { fullMs: GAP, settleMs: 10_000 });
    await s.summary();
    expect(upstream.reads.active_tasks).toBe(1);
    // Another client starts a task; then one of the studio's own jobs moves on, and a page
    // loads before that change's read is due.
    upstream.others = 2;
    await sleep(GAP + 10);
    s.notify('tasks', 'own-1');
    const loaded = await s.summary();
    expect(upstream.reads.active_tasks).toBe(2);
    expect(loaded.tasks.filter((t) => t.id === null)).toHaveLength(2);
  });

  it('follows a read on its way that is not a full one with a full one, for a page load', async () => {
    const upstream = new Upstream();
    upstream.latencyMs = 40;
    const { s } = service(upstream, { fullMs: GAP, settleMs: 0 });
    await s.summary();
    upstream.others = 1;
    await sleep(GAP + 10);
    // A create's read of the info is on its way when the page loads.
    s.notify('money', 'own-1');
    await waitFor(() => Promise.resolve(upstream.reads.info === 2));
    const loaded = await s.summary();
    expect(upstream.reads).toEqual({ balance: 2, info: 3, active_tasks: 2 });
    expect(loaded.tasks.filter((t) => t.id === null)).toHaveLength(1);
  });

  it('makes a read that failed while the service was down once it is back', async () => {
    const upstream = new Upstream();
    let reachable = true;
    const { s, published } = service(upstream, { reachable: () => reachable });
    await s.summary();
    published.splice(0);
    upstream.down = true;
    reachable = false;
    upstream.credits = 900;
    s.notify();
    await waitFor(async () => upstream.reads.info === 2);
    await sleep(GAP * 2);
    // Not tried again while it is down...
    expect(upstream.reads.info).toBe(2);
    expect(published).toHaveLength(0);
    // ...and read as soon as it answers.
    upstream.down = false;
    reachable = true;
    s.serviceBack();
    await waitFor(async () => published.at(-1)?.availableCredits === 900);
    expect(upstream.reads.info).toBe(3);
  });
});

describe('accountChanges', () => {
  it('tells of new jobs, ends and costs as money, other states as tasks, and not of progress or stars', async () => {
    let job = {
      handle: 'h1',
      upstreamId: 'up-1',
      status: 'pending',
      cost: { frozen: 80, consumed: 0 },
    };
    const told: string[] = [];
    const listen = accountChanges(
      { get: () => Promise.resolve(job as unknown as JobRecord) },
      { notify: (change, upstreamId) => void told.push(`${change} ${upstreamId}`) },
    );
    const change: JobChange = { type: 'job', handle: 'h1' };
    listen(change);
    listen(change); // progress only
    job = { ...job, status: 'processing' };
    listen(change);
    job = { ...job, status: 'completed', cost: { frozen: 80, consumed: 80 } };
    listen(change);
    listen(change); // starred
    listen({ type: 'removed', handle: 'h1' });
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual(['money up-1', 'tasks up-1', 'money up-1']);
  });
});
