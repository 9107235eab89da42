import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema } from '../../contract/task';
import { createRedactor } from '../log';
import { stateFromTask } from '../jobs/record';
import { fixture } from '../test/fixtures';
import { openDatabase } from './db';
import { JobStore } from './jobs';
import { SCHEMA_VERSION } from './migrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const redact = createRedactor([]);
const pending = taskResponseSchema.parse(fixture('diffusion-pending'));
const completed = taskResponseSchema.parse(fixture('diffusion-completed'));

function insert(store: JobStore, handle: string, params?: Record<string, unknown>) {
  return store.insert({
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
}

describe('the job store', () => {
  it('migrates a new file to the newest version and reopens it unchanged', () => {
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    insert(new JobStore(db), 'handle-0001');
    db.close();
    const again = openDatabase(dir);
    expect(new JobStore(again).get('handle-0001')?.status).toBe('pending');
    again.close();
  });

  it('refuses a file from a newer studio', () => {
    const raw = new Database(path.join(dir, 'studio.sqlite'));
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openDatabase(dir)).toThrow(/newer than this program knows/);
  });

  it('numbers jobs in creation order and keeps finished jobs final', () => {
    const db = openDatabase(dir);
    const store = new JobStore(db);
    const a = insert(store, 'handle-000a');
    const b = insert(store, 'handle-000b');
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(store.active().map((j) => j.handle)).toEqual(['handle-000a', 'handle-000b']);

    const done = stateFromTask(completed, a, redact);
    expect(store.applyState(a.handle, done, completed, { grid: { width: 8, height: 4 } })).toBe(
      true,
    );
    expect(store.get(a.handle)).toMatchObject({
      status: 'completed',
      dims: { grid: { width: 8, height: 4 } },
    });
    // A late read of an older state must not take it back.
    expect(store.applyState(a.handle, stateFromTask(pending, null, redact), pending)).toBe(false);
    expect(store.get(a.handle)?.status).toBe('completed');
    expect(store.active().map((j) => j.handle)).toEqual(['handle-000b']);
    db.close();
  });

  it('keeps the params of a create, and never reads back a UUID in them', () => {
    const db = openDatabase(dir);
    const store = new JobStore(db);
    const pan = { imageNo: 3, direction: 3, scale: 1.5 };
    expect(insert(store, 'handle-000p', pan).params).toEqual(pan);
    expect(new JobStore(db).get('handle-000p')?.params).toEqual(pan);
    expect(insert(store, 'handle-000q').params).toBeNull();
    // Whatever code path might ever write the column, a job id in it never leaves.
    db.prepare('UPDATE jobs SET params_json = ? WHERE handle = ?').run(
      JSON.stringify({ imgUrl: `https://cdn.example/${pending.job_id.replace(/-/g, '')}.png` }),
      'handle-000p',
    );
    expect(store.get('handle-000p')?.params).toBeNull();
    db.close();
  });
});
