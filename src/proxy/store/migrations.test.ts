import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toJob } from '../model/to-job';
import { openDatabase } from './db';
import { JobStore } from './jobs';
import { SCHEMA_VERSION, migrate } from './migrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'migrate-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A studio file as the first release wrote it: schema 1, two jobs and a key. */
function writeVersion1(): void {
  const db = new Database(path.join(dir, 'studio.sqlite'));
  migrate(db, 1);
  const insert = db.prepare(
    `INSERT INTO jobs (handle, seq, upstream_id, parent_handle, parent_index, operation, prompt,
       status, progress, created_at, cost_frozen, cost_consumed, cost_unit, output_json,
       dims_json, task_json, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 100, ?, 80, 80, 'point', ?, '{}', '{}', ?)`,
  );
  const output = JSON.stringify({ image_url: '', image_urls: [], seed: '1' });
  insert.run(
    'oldParent001',
    1,
    'u-1',
    null,
    null,
    'diffusion',
    'A lighthouse in a Storm',
    'completed',
    '2025-12-17T11:08:36Z',
    output,
    '2025-12-17T11:09:00Z',
  );
  insert.run(
    'oldChild0002',
    2,
    'u-2',
    'oldParent001',
    1,
    'upscale',
    'A lighthouse in a Storm',
    'pending',
    '2025-12-18T08:00:00.250+02:00',
    null,
    '2025-12-18T06:00:00Z',
  );
  db.prepare('INSERT INTO idempotency_keys VALUES (?, ?, ?, ?)').run(
    'k1',
    'f1',
    'oldChild0002',
    '2025-12-18T06:00:00Z',
  );
  expect(db.pragma('user_version', { simple: true })).toBe(1);
  db.close();
}

describe('schema migrations', () => {
  it('brings a version 1 file to the newest schema with its history intact', () => {
    writeVersion1();
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const store = new JobStore(db);
    expect(store.get('oldParent001')).toMatchObject({ status: 'completed', favourite: false });
    expect(store.active()).toEqual([{ handle: 'oldChild0002', upstreamId: 'u-2', hooked: false }]);
    expect(store.findIdempotent('k1')).toEqual({ fingerprint: 'f1', handle: 'oldChild0002' });
    // The search index was built from the rows already there, and dates were converted.
    const found = store.list({ beforeSeq: null, limit: 10, search: 'storm' });
    expect(found.jobs.map((j) => j.handle)).toEqual(['oldChild0002', 'oldParent001']);
    const dec18 = store.list({
      beforeSeq: null,
      limit: 10,
      fromMs: Date.parse('2025-12-18T06:00:00.250Z'),
      toMs: Date.parse('2025-12-18T06:00:00.251Z'),
    });
    expect(dec18.jobs.map((j) => j.handle)).toEqual(['oldChild0002']);
    expect(store.lineage('oldChild0002').ancestors.map((j) => j.handle)).toEqual(['oldParent001']);
    // The file gained the params column; nobody kept the params of the old jobs.
    const columns = db.prepare("SELECT name FROM pragma_table_info('jobs')").all();
    expect(columns).toContainEqual({ name: 'params_json' });
    // And the create state: every old job was stored after its create's answer.
    expect(columns).toContainEqual({ name: 'create_state' });
    expect(store.markInterruptedCreates()).toBe(0);
    for (const handle of ['oldParent001', 'oldChild0002']) {
      const rec = store.get(handle);
      expect(rec?.params, handle).toBeNull();
      expect(rec && toJob(rec).params, handle).toBeNull();
      expect(rec?.createState, handle).toBeNull();
      expect(rec && toJob(rec).createUnknown, handle).toBeNull();
    }
    db.close();
  });

  it('counts the spending of jobs made before the ledger existed (schema 9)', () => {
    const db = new Database(path.join(dir, 'studio.sqlite'));
    migrate(db, 7);
    const insert = db.prepare(
      `INSERT INTO jobs (handle, seq, upstream_id, parent_handle, operation, prompt, status,
         created_at, created_ms, cost_frozen, cost_consumed, updated_at)
       VALUES (?, ?, 'u', ?, ?, ?, ?, '2026-04-01T10:00:00Z', ?, ?, ?, '2026-04-01T10:00:00Z')`,
    );
    insert.run('oldTurbo0001', 1, null, 'diffusion', 'a fox --turbo', 'completed', 1000, 160, 160);
    insert.run('oldChild0001', 2, 'oldTurbo0001', 'remix', 'blue', 'completed', 2000, 240, 240);
    insert.run('oldFailed001', 3, null, 'diffusion', 'a fox', 'failed', 3000, 80, 0);
    insert.run('oldActive001', 4, null, 'describe', '', 'processing', 4000, 20, 0);
    db.close();

    const migrated = openDatabase(dir);
    const rows = migrated
      .prepare(
        'SELECT handle, speed, status, frozen, consumed, refunded, created_ms FROM ledger ORDER BY created_ms',
      )
      .all();
    expect(rows).toEqual([
      {
        handle: 'oldTurbo0001',
        speed: 'turbo',
        status: 'completed',
        frozen: 160,
        consumed: 160,
        refunded: 0,
        created_ms: 1000,
      },
      {
        handle: 'oldChild0001',
        speed: 'turbo',
        status: 'completed',
        frozen: 240,
        consumed: 240,
        refunded: 0,
        created_ms: 2000,
      },
      {
        handle: 'oldFailed001',
        speed: 'fast',
        status: 'failed',
        frozen: 80,
        consumed: 0,
        refunded: 80,
        created_ms: 3000,
      },
      {
        handle: 'oldActive001',
        speed: 'fast',
        status: 'processing',
        frozen: 20,
        consumed: 0,
        refunded: 0,
        created_ms: 4000,
      },
    ]);
    migrated.close();
  });

  it('applies each step once: every version migrates to the same schema as a new file', () => {
    const schemaOf = (db: Database.Database) =>
      db
        .prepare(
          "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all();
    const fresh = new Database(':memory:');
    migrate(fresh);
    for (let from = 1; from < SCHEMA_VERSION; from++) {
      const db = new Database(':memory:');
      migrate(db, from);
      migrate(db);
      expect(schemaOf(db), `from version ${from}`).toEqual(schemaOf(fresh));
      db.close();
    }
    fresh.close();
  });
});
