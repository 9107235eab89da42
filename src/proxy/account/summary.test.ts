import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '@/contract/account-summary';
import type { JobRecord } from '../model/record';
import { createLogger, createRedactor } from '../log';
import type { JobChange } from '../store/history';
import type { AccountPath } from '../upstream/client';
import { AccountService, accountChanges } from './summary';

const GAP = 150;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An upstream whose account reads take `latencyMs` and report `credits` and `active`. */
class Upstream {
  credits = 1000;
  active = 0;
  latencyMs = 10;
  readonly starts: number[] = [];

  async getAccount(path: AccountPath): Promise<unknown> {
    if (path === 'balance') this.starts.push(Date.now());
    const credits = this.credits;
    const active = this.active;
    await sleep(this.latencyMs);
    const data =
      path === 'balance'
        ? { available_credits: credits, available_points: 0, low_balance_alert: false }
        : path === 'active_tasks'
          ? { total_active: active, concurrent_limit: 6, tasks: [] }
          : { name: 'dev' };
    return { code: 200, message: 'success', data };
  }
}

let services: AccountService[] = [];
afterEach(async () => {
  await Promise.all(services.map((s) => s.stop()));
  services = [];
});

interface Timing {
  settleMs?: number;
  followMs?: number;
}

function service(upstream: Upstream, watchers = 0, idleMs = 60_000, timing: Timing = {}) {
  const published: AccountSummary[] = [];
  const followMs = timing.followMs;
  const s = new AccountService({
    upstream,
    history: { active: () => Promise.resolve([]) },
    log: createLogger(createRedactor([])),
    publish: (a) => published.push(a),
    watchers: () => watchers,
    minGapMs: GAP,
    settleMs: timing.settleMs ?? 0,
    ...(followMs === undefined ? {} : { followMs: () => followMs }),
    idleMs,
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
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) {
      upstream.credits -= 10;
      s.notify();
      await sleep(10);
    }
    const lastChange = Date.now();
    await sleep(GAP * 3);
    // However slow the machine: one read at once, then at most one per gap.
    expect(upstream.starts.length).toBeGreaterThanOrEqual(2);
    expect(upstream.starts.length).toBeLessThanOrEqual(2 + Math.floor((lastChange - t0) / GAP));
    for (const g of gaps(upstream.starts)) expect(g).toBeGreaterThanOrEqual(GAP - 1);
    // The figures after the last change were read within about one gap of it, and pushed.
    expect((upstream.starts.at(-1) ?? 0) - lastChange).toBeLessThanOrEqual(GAP + 100);
    expect(published.at(-1)?.availableCredits).toBe(600);
  });

  it('reads once more when a change comes while a read is on its way', async () => {
    const upstream = new Upstream();
    upstream.latencyMs = 80;
    const { s, published } = service(upstream);
    s.notify();
    await sleep(20);
    upstream.credits = 400;
    s.notify();
    await sleep(GAP + 200);
    expect(upstream.starts).toHaveLength(2);
    expect(published.map((a) => a.availableCredits)).toEqual([1000, 400]);
  });

  it('pushes every read for a job change, and timed reads only when a figure changed', async () => {
    const upstream = new Upstream();
    upstream.active = 1;
    const { s, published } = service(upstream, 1);
    s.notify();
    await sleep(GAP + 50);
    s.notify();
    await sleep(GAP + 50);
    // Two reads for changes, both pushed although the figures are the same.
    expect(published).toHaveLength(2);
    // Timed reads while a task runs: the same figures are not pushed again...
    const reads = upstream.starts.length;
    await sleep(GAP * 2 + 50);
    expect(upstream.starts.length).toBeGreaterThan(reads);
    expect(published).toHaveLength(2);
    // ...a changed one is.
    upstream.credits = 700;
    await sleep(GAP + 50);
    expect(published.at(-1)?.availableCredits).toBe(700);
  });

  it('follows running tasks every gap while a browser watches, and rests when none does', async () => {
    const upstream = new Upstream();
    upstream.active = 2;
    const watched = service(upstream, 1);
    await watched.s.summary();
    await sleep(GAP * 4 + 50);
    expect(upstream.starts.length).toBeGreaterThanOrEqual(4);
    await watched.s.stop();

    const alone = new Upstream();
    alone.active = 2;
    const unwatched = service(alone, 0);
    await unwatched.s.summary();
    await sleep(GAP * 3);
    expect(alone.starts).toHaveLength(1);
  });

  it('reads the changes of one moment once, a little after the first of them', async () => {
    const upstream = new Upstream();
    const { s, published } = service(upstream, 0, 60_000, { settleMs: 60 });
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) {
      upstream.credits -= 100;
      s.notify();
      await sleep(20);
    }
    await sleep(GAP + 100);
    expect(upstream.starts).toHaveLength(1);
    expect((upstream.starts[0] ?? 0) - t0).toBeGreaterThanOrEqual(59);
    expect(published.map((a) => a.availableCredits)).toEqual([700]);
  });

  it('follows running tasks less often when the service calls back with their states', async () => {
    const upstream = new Upstream();
    upstream.active = 2;
    const { s } = service(upstream, 1, 60_000, { followMs: GAP * 4 });
    await s.summary();
    await sleep(GAP * 3 + 50);
    expect(upstream.starts).toHaveLength(1);
    await sleep(GAP + 50);
    expect(upstream.starts).toHaveLength(2);
  });

  it('answers page loads from the last read within the gap, sharing one read', async () => {
    const upstream = new Upstream();
    upstream.latencyMs = 30;
    const { s } = service(upstream);
    const [a, b] = await Promise.all([s.summary(), s.summary()]);
    expect(a).toBe(b);
    expect(await s.summary()).toBe(a);
    expect(upstream.starts).toHaveLength(1);
    await sleep(GAP + 10);
    await s.summary();
    expect(upstream.starts).toHaveLength(2);
  });
});

describe('accountChanges', () => {
  it('tells of new jobs and changes of status or cost, not of progress or stars', async () => {
    let job = { handle: 'h1', status: 'pending', cost: { frozen: 80, consumed: 0 } };
    let notified = 0;
    const listen = accountChanges(
      { get: () => Promise.resolve(job as unknown as JobRecord) },
      { notify: () => void notified++ },
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
    expect(notified).toBe(3);
  });
});
