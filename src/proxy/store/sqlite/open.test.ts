import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor } from '@/proxy/log';
import { stateFromTask } from '@/proxy/model/record';
import { fixture } from '@/proxy/test/fixtures';
import { assembleStore } from '../open';
import { openSqliteStore, sqliteDb } from './open';

const pending = taskResponseSchema.parse(fixture('diffusion-pending'));
let dir = '';

const firstJob = () => ({
  handle: 'handle-0001',
  upstreamId: pending.job_id,
  parentHandle: null,
  parentIndex: null,
  operation: 'diffusion' as const,
  prompt: 'a storm',
  createdAt: '2026-01-01T00:00:00Z',
  dims: {},
  task: pending,
  ...stateFromTask(pending, null, createRedactor([])),
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite store', () => {
  it('compiles each statement once, however often a job is read', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
    const store = await openSqliteStore(dir, { upstreamTtlMs: 1000, uploadsCapBytes: 1024 });
    try {
      await store.history.insert(firstJob());
      const read = async () => {
        await store.history.get('handle-0001');
        await store.history.findByHook('no-such-token');
        await store.history.active();
        await store.history.list({ beforeSeq: null, limit: 50 });
        await store.history.list({ beforeSeq: null, limit: 50, search: 'storm' });
        await store.history.applyState(
          'handle-0001',
          stateFromTask(pending, null, (s) => s),
          null,
        );
      };
      await read();
      const prepare = vi.spyOn(Database.prototype, 'prepare');
      for (let i = 0; i < 100; i++) await read();
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      await store.close();
    }
  });

  it('measures the history for the planner when it was never measured', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
    const opts = { upstreamTtlMs: 1000, uploadsCapBytes: 1024 };
    await (await openSqliteStore(dir, opts)).close();
    const file = path.join(dir, 'studio.sqlite');
    // As a studio before the store left it: rows, and no statistics.
    const raw = new Database(file);
    raw.exec('DROP TABLE IF EXISTS sqlite_stat1');
    raw.close();
    const store = await openSqliteStore(dir, opts);
    await store.close();
    const check = new Database(file, { readonly: true });
    const measured = check
      .prepare("SELECT DISTINCT tbl FROM sqlite_stat1 WHERE tbl IN ('jobs', 'ledger')")
      .all();
    check.close();
    expect(measured.map((r) => (r as { tbl: string }).tbl).sort()).toEqual(['jobs', 'ledger']);
  });

  it("a create's ledger row is found by index, with statistics measured on a one-job history", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
    // A new studio's first job; closing measures the history for the planner: one row.
    const store = await openSqliteStore(dir, { upstreamTtlMs: 1000, uploadsCapBytes: 1024 });
    await store.history.insert(firstJob());
    await store.close();
    const raw = new Database(path.join(dir, 'studio.sqlite'));
    try {
      expect(raw.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'jobs'").get()).toBeTruthy();
      const { sql } = raw
        .prepare("SELECT sql FROM sqlite_master WHERE name = 'ledger_job_added'")
        .get() as { sql: string };
      // The trigger's statement as SQLite plans it for one insert: `new` as plain values.
      const body = sql
        .slice(sql.indexOf('BEGIN') + 'BEGIN'.length, sql.lastIndexOf('END'))
        .replace(/new\.parent_handle/g, "'parent-handle'")
        .replace(/new\.(handle|operation|prompt|status)/g, "'x'")
        .replace(/new\.\w+/g, '0');
      const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${body}`).all() as { detail: string }[]).map(
        (r) => r.detail,
      );
      // Scanning the history made each create's cost grow with it.
      expect(plan.filter((step) => step.startsWith('SCAN'))).toEqual([]);
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH \w+ USING INDEX .*\(handle=\?\)/));
    } finally {
      raw.close();
    }
  });

  it('never runs a statement inside another caller’s open transaction', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-store-'));
    const { db, d } = sqliteDb(dir);
    const store = await assembleStore(db, d, { upstreamTtlMs: 1000, uploadsCapBytes: 1024 });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened = () => undefined as void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({ token_hash: 'x', created_ms: 1, expires_ms: 2 })
          .execute();
        opened();
        await gate;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await open;
    // A create's intent, written while that transaction is open: it waits its turn.
    const intent = store.history.recordIntent(
      {
        handle: 'handle-0002',
        hookToken: 'tok-2',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion',
        prompt: 'a storm',
        params: null,
      },
      null,
    );
    release();
    expect(await rolledBack).toBe('rolled back');
    await intent;
    expect(await store.history.findByHook('tok-2')).toMatchObject({ handle: 'handle-0002' });
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    await store.close();
  });
});
