import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor } from '../log';
import { stateFromTask } from '../model/record';
import { fixture } from '../test/fixtures';
import { STORE_KINDS, storeKinds, type RawStore } from '../test/store-kinds';
import { assembleStore } from './open';
import type { SharedStore } from './shared-store';

const kinds = storeKinds(1024 * 1024);
const OPTS = { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 1024 * 1024 };
const redact = createRedactor([]);
const pending = taskResponseSchema.parse(fixture('diffusion-pending'));

/** A job's life across restarts of the studio, the same on both databases. */
describe.each(STORE_KINDS)('jobs kept on %s', (kind) => {
  let raw: RawStore;
  let store: SharedStore;
  beforeEach(async () => {
    raw = await kinds.raw(kind);
    store = await assembleStore(raw.db, raw.d, OPTS);
  });
  afterEach(async () => {
    await store.close();
    raw.dispose();
  });

  const insert = (handle: string, params?: Record<string, unknown>) =>
    store.history.insert({
      ...(params ? { params } : {}),
      handle,
      upstreamId: pending.job_id,
      parentHandle: null,
      parentIndex: null,
      operation: 'diffusion',
      prompt: 'p',
      createdAt: '2026-01-01T00:00:00Z',
      dims: {},
      task: pending,
      ...stateFromTask(pending, null, redact),
    });

  /** The studio stops and starts again on the same database. */
  const restart = async () => {
    await store.close();
    raw = { ...raw.reopen(), dispose: raw.dispose };
    store = await assembleStore(raw.db, raw.d, OPTS);
  };

  it('keeps its jobs, in creation order, and a create it was waiting for, across a restart', async () => {
    const a = await insert('handle-000a', { imageNo: 3, direction: 3, scale: 1.5 });
    const b = await insert('handle-000b');
    expect(b.seq).toBeGreaterThan(a.seq);
    await store.history.recordIntent(
      {
        handle: 'handle-00i1',
        hookToken: 'tok-1',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion',
        prompt: 'a lighthouse',
        params: null,
      },
      { key: 'k-1', fingerprint: 'f' },
    );
    await restart();
    expect(await store.history.get('handle-000a')).toMatchObject({
      status: 'pending',
      params: { imageNo: 3, direction: 3, scale: 1.5 },
    });
    expect((await store.history.active()).map((j) => j.handle)).toEqual([
      'handle-000a',
      'handle-000b',
    ]);
    // The last run stopped while waiting for this create: shown as unknown, key kept.
    expect(await store.history.markInterruptedCreates()).toBe(1);
    expect(await store.history.get('handle-00i1')).toMatchObject({ createState: 'unknown' });
    expect(await store.history.findIdempotent('k-1')).toEqual({
      fingerprint: 'f',
      handle: 'handle-00i1',
    });
    const c = await insert('handle-000c');
    expect(c.seq).toBeGreaterThan(b.seq);
  });

  it('never reads back a UUID in the params it keeps, whatever wrote them', async () => {
    await insert('handle-000p', { imageNo: 3 });
    await raw.db
      .updateTable('jobs')
      .set({
        params_json: JSON.stringify({
          imgUrl: `https://cdn.example/${pending.job_id.replace(/-/g, '')}.png`,
        }),
      })
      .where('handle', '=', 'handle-000p')
      .execute();
    expect((await store.history.get('handle-000p'))?.params).toBeNull();
    expect((await insert('handle-000q')).params).toBeNull();
  });
});
