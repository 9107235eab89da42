import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor, type Logger } from '../log';
import { stateFromTask } from '../model/record';
import { openDatabase } from '../store/db';
import { JobStore } from '../store/jobs';
import { sqliteHistory } from '../store/sqlite-store';
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
    const db = openDatabase(dir);
    const store = new JobStore(db);
    store.insert({
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
    const history = sqliteHistory(store);
    // The database is busy for one pass.
    vi.spyOn(history, 'follow').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
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
        apply: (handle, task) => {
          const current = store.get(handle);
          const state = stateFromTask(task, current ?? null, redact);
          return Promise.resolve({
            changed: store.applyState(handle, state, task),
            terminal: true,
          });
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
      expect(store.get('handle-0001')?.status).toBe('completed');
    } finally {
      await poller.stop();
      db.close();
    }
  });
});
