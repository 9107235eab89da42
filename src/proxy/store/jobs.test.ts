import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor } from '../log';
import { stateFromTask } from '../model/record';
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
    expect(store.applyState(a.handle, done, completed, true)).toBe(true);
    expect(store.mediaPending()).toEqual([a.handle]);
    store.addDims(a.handle, { '0': { width: 8, height: 4 } }, true);
    expect(store.mediaPending()).toEqual([]);
    expect(store.get(a.handle)).toMatchObject({
      status: 'completed',
      dims: { '0': { width: 8, height: 4 } },
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

  it('keeps a create from before its answer: hidden while sent, unknown after a stop, adoptable', () => {
    const db = openDatabase(dir);
    const store = new JobStore(db);
    const changes: string[] = [];
    store.watch((c) => changes.push(`${c.type}:${c.handle}`));
    const intent = (handle: string, hookToken: string) => ({
      handle,
      hookToken,
      parentHandle: null,
      parentIndex: null,
      operation: 'diffusion' as const,
      prompt: 'a lighthouse',
      params: { text: 'a lighthouse' },
    });
    store.recordIntent(intent('handle-00i1', 'tok-1'), { key: 'k-1', fingerprint: 'f' });
    store.recordIntent(intent('handle-00i2', 'tok-2'), { key: 'k-2', fingerprint: 'f' });
    const page = () => store.list({ beforeSeq: null, limit: 10 }).jobs.map((j) => j.handle);
    // Sent but not answered: no job for browsers yet, nothing for the poller to read.
    expect(page()).toEqual([]);
    expect(store.active()).toEqual([]);
    expect(store.findByHook('tok-1')).toMatchObject({ createState: 'sending', upstreamId: '' });
    expect(store.findIdempotent('k-1')).toEqual({ fingerprint: 'f', handle: 'handle-00i1' });

    // The upstream refused the second: it leaves nothing, and frees its key.
    store.discardIntent('handle-00i2');
    expect(store.findByHook('tok-2')).toBeNull();
    expect(store.findIdempotent('k-2')).toBeNull();
    expect(changes).toEqual([]);

    // The studio stopped while waiting for the first: a new run shows it as unknown.
    db.close();
    const db2 = openDatabase(dir);
    const again = new JobStore(db2);
    expect(again.markInterruptedCreates()).toBe(1);
    expect(again.list({ beforeSeq: null, limit: 10 }).jobs).toMatchObject([
      { handle: 'handle-00i1', createState: 'unknown', status: 'pending' },
    ]);
    expect(again.findIdempotent('k-1')?.handle).toBe('handle-00i1');
    expect(again.active()).toEqual([]);

    // Its callback names the task: the job takes the id and is followed like any other.
    const adopted = again.confirmCreate('handle-00i1', pending, null);
    expect(adopted).toMatchObject({ createState: null, upstreamId: pending.job_id });
    expect(adopted?.createdAt).toBe(pending.meta?.created_at);
    expect(again.active()).toEqual([
      { handle: 'handle-00i1', upstreamId: pending.job_id, hooked: true },
    ]);
    // Once named, it is never adopted again.
    expect(again.confirmCreate('handle-00i1', completed, null)).toBeNull();
    db2.close();
  });
  it('compiles each statement once, however often a job is read', () => {
    const db = openDatabase(dir);
    const store = new JobStore(db);
    insert(store, 'handle-0001');
    const read = () => {
      store.get('handle-0001');
      store.findByHook('no-such-token');
      store.active();
      store.list({ beforeSeq: null, limit: 50 });
    };
    read();
    const prepare = vi.spyOn(db, 'prepare');
    for (let i = 0; i < 100; i++) read();
    expect(prepare).not.toHaveBeenCalled();
    db.close();
  });
});
