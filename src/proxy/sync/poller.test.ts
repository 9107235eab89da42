import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor, type Logger } from '../log';
import { stateFromTask } from '../model/record';
import { openSqliteStore } from '../store/sqlite/open';
import { fixture } from '../test/fixtures';
import { UpstreamPoller } from './poller';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'poller-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const redact = createRedactor([]);
const pending = taskResponseSchema.parse(fixture('diffusion-pending'));
const completed = taskResponseSchema.parse(fixture('diffusion-completed'));

/** Waits (at most 3 s) until `cond` holds. */
const until = (cond: () => boolean) =>
  vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000, interval: 5 });

describe('the poller', () => {
  it('logs a pass that failed and goes on reading running jobs', async () => {
    const store = await openSqliteStore(dir, { upstreamTtlMs: 72 * 3_600_000, uploadsCapBytes: 0 });
    const history = store.history;
    await history.insert({
      handle: 'handle-0001',
      upstreamId: pending.job_id,
      parentHandle: null,
      parentIndex: null,
      operation: 'diffusion',
      prompt: 'p',
      createdAt: new Date().toISOString(),
      dims: {},
      task: pending,
      ...stateFromTask(pending, null, redact),
    });
    // The database is busy for one pass.
    vi.spyOn(history, 'follow').mockRejectedValueOnce(new Error('database is locked'));
    const logs: string[] = [];
    const line = (level: string) => (msg: string) => void logs.push(`${level} ${msg}`);
    const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };
    const reads: string[] = [];
    const poller = new UpstreamPoller({
      history,
      replica: 'r1',
      leaseMs: 10_000,
      upstream: {
        getTask: (id) => {
          reads.push(id);
          return Promise.resolve(completed);
        },
      },
      updater: {
        // What the updater does with a final answer: the job is no longer running.
        apply: async (handle, task) => {
          const state = stateFromTask(task, await history.get(handle), redact);
          return { changed: await history.applyState(handle, state, task), terminal: true };
        },
      },
      reach: { trusted: false, hookMissed: () => {} },
      log,
      pollMs: 10,
      hookWaitMs: 10,
    });
    try {
      poller.start();
      await until(() => logs.length > 0);
      expect(logs).toEqual([expect.stringMatching(/^error poller/)]);
      poller.notify(); // as the next create does
      await until(() => reads.length > 0);
      expect(reads).toEqual([pending.job_id]);
      expect((await history.get('handle-0001'))?.status).toBe('completed');
    } finally {
      await poller.stop();
      await store.close();
    }
  });
});
