import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobUpdater } from '../sync/updater';
import { createLogger, createRedactor } from '../log';
import { insertJob, taskWith } from '../test/ledger-jobs';
import { STORE_KINDS, storeKinds, type OpenedStore } from '../test/store-kinds';
import type { HistoryStore } from './shared-store';

const kinds = storeKinds(1024 * 1024);

/** The same rules on both databases: SQLite's triggers, and Postgres's in PL/pgSQL. */
describe.each(STORE_KINDS)('the spending ledger on %s', (kind) => {
  let opened: OpenedStore;
  let store: HistoryStore;
  let updater: JobUpdater;

  beforeEach(async () => {
    opened = await kinds.open(kind);
    store = opened.store.history;
    const redact = createRedactor([]);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    updater = new JobUpdater({
      history: store,
      // Text results only: nothing to download.
      prefetch: { enqueue: () => undefined },
      redact,
      log: createLogger(redact),
      signal: new AbortController().signal,
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await opened.close();
  });

  const row = async (handle: string) =>
    (
      await opened.query(
        'SELECT operation, speed, status, frozen, consumed, refunded FROM ledger WHERE handle = @handle',
        { handle },
      )
    )[0];

  /** What the service says next about a job created with `frozen` credits. */
  const apply = (
    handle: string,
    status: 'processing' | 'completed' | 'failed',
    f: number,
    c: number,
  ) => updater.apply(handle, taskWith(`up-${handle}`, { status, frozen: f, consume: c }));

  it('records the freeze of a create, then what a completion consumed', async () => {
    await insertJob(store, { handle: 'job-done-001', status: 'pending', frozen: 80, consume: 0 });
    expect(await row('job-done-001')).toEqual({
      operation: 'diffusion',
      speed: 'fast',
      status: 'pending',
      frozen: 80,
      consumed: 0,
      refunded: 0,
    });
    await apply('job-done-001', 'processing', 80, 0);
    await apply('job-done-001', 'completed', 80, 80);
    expect(await row('job-done-001')).toMatchObject({
      status: 'completed',
      consumed: 80,
      refunded: 0,
    });
  });

  it('records a failed job’s frozen credits as refunded', async () => {
    await insertJob(store, { handle: 'job-fail-001', status: 'pending', frozen: 160, consume: 0 });
    await apply('job-fail-001', 'failed', 160, 0);
    expect(await row('job-fail-001')).toMatchObject({
      status: 'failed',
      frozen: 160,
      consumed: 0,
      refunded: 160,
    });
  });

  it('keeps the refund when the service zeroes a failed task’s usage', async () => {
    await insertJob(store, { handle: 'job-fail-002', status: 'pending', frozen: 120, consume: 0 });
    await apply('job-fail-002', 'failed', 0, 0);
    expect(await row('job-fail-002')).toMatchObject({ frozen: 120, consumed: 0, refunded: 120 });
  });

  it('refunds the difference when a job consumed less than it froze', async () => {
    await insertJob(store, { handle: 'job-part-001', status: 'pending', frozen: 80, consume: 0 });
    await apply('job-part-001', 'completed', 80, 60);
    expect(await row('job-part-001')).toMatchObject({ frozen: 80, consumed: 60, refunded: 20 });
  });

  it('ignores a replayed answer once the job finished, and survives deletion', async () => {
    await insertJob(store, { handle: 'job-fail-003', status: 'pending', frozen: 80, consume: 0 });
    await apply('job-fail-003', 'failed', 80, 0);
    await apply('job-fail-003', 'completed', 80, 80);
    expect(await row('job-fail-003')).toMatchObject({
      status: 'failed',
      consumed: 0,
      refunded: 80,
    });
    await store.remove('job-fail-003');
    expect(await store.get('job-fail-003')).toBeNull();
    expect(await row('job-fail-003')).toMatchObject({ status: 'failed', refunded: 80 });
  });

  it('forgets a deleted job that never cost anything', async () => {
    await insertJob(store, { handle: 'job-free-001', status: 'failed', frozen: 0, consume: 0 });
    await store.remove('job-free-001');
    expect(await row('job-free-001')).toBeUndefined();
  });

  it('reads the billed speed from the prompt flags, a follow-up inheriting its parent’s', async () => {
    const job = (handle: string, prompt: string, more: object = {}) =>
      insertJob(store, {
        handle,
        prompt,
        status: 'completed',
        frozen: 1,
        consume: 1,
        ...more,
      });
    await job('speed-turbo1', 'a fox --ar 16:9 --turbo');
    await job('speed-fast01', 'a fox\t--fast');
    await job('speed-word01', 'a turbo--turbo fox');
    await job('speed-child1', 'a fox --ar 16:9 --turbo', {
      operation: 'upscale',
      parentHandle: 'speed-turbo1',
    });
    await job('speed-child2', 'make it blue', { operation: 'remix', parentHandle: 'speed-turbo1' });
    await job('speed-child3', 'make it blue --fast', {
      operation: 'remix',
      parentHandle: 'speed-turbo1',
    });
    await job('speed-short1', 'a long prompt --turbo', { operation: 'shorten' });
    const speeds = (await opened.query('SELECT handle, speed FROM ledger')) as { handle: string }[];
    speeds.sort((a, b) => (a.handle < b.handle ? -1 : 1));
    expect(speeds).toEqual([
      { handle: 'speed-child1', speed: 'turbo' },
      { handle: 'speed-child2', speed: 'turbo' },
      { handle: 'speed-child3', speed: 'fast' },
      { handle: 'speed-fast01', speed: 'fast' },
      { handle: 'speed-short1', speed: 'fast' },
      { handle: 'speed-turbo1', speed: 'turbo' },
      { handle: 'speed-word01', speed: 'fast' },
    ]);
  });
});
