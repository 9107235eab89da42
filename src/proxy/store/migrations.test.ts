import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STORE_KINDS, storeKinds, type RawStore, type StoreKind } from '../test/store-kinds';
import { STORE_VERSION } from './migrations';
import { assembleStore } from './open';
import type { Db } from './schema';
import { UPLOAD_COLUMNS } from './uploads';
import { indexed } from './search';

/**
 * The schema on both databases, one suite: a new database and one made before the store,
 * at any of its versions, end at the same schema, with every row they held.
 */
const kinds = storeKinds(1024 * 1024);
const OPTS = { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 1024 * 1024 };

/** Brings a database up the steps made before the store, to `version`, as they ran then. */
async function legacyAt({ db, d }: RawStore, version: number): Promise<void> {
  for (let v = 0; v < version; v++) {
    await d.exec(db, d.legacy.steps[v] ?? '');
    await d.legacy.setVersion(db, v + 1);
  }
}

const rows = async (db: Db, query: string) => (await sql.raw(query).execute(db)).rows;

/** What a database's schema is made of, in a form both ways of making it must agree on. */
async function schemaOf(kind: StoreKind, db: Db): Promise<unknown> {
  if (kind === 'sqlite') {
    const objects = (await rows(
      db,
      `SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'
       ORDER BY type, name`,
    )) as { type: string; name: string; tbl_name: string }[];
    const described = [];
    for (const o of objects) {
      if (o.type === 'table') {
        const columns = await rows(
          db,
          `SELECT name, "notnull", pk FROM pragma_table_info('${o.name}') ORDER BY name`,
        );
        described.push({ ...o, columns });
      } else if (o.type === 'index') {
        const columns = await rows(
          db,
          `SELECT name FROM pragma_index_info('${o.name}') ORDER BY seqno`,
        );
        const [flags] = await rows(
          db,
          `SELECT "unique", partial FROM pragma_index_list('${o.tbl_name}') WHERE name = '${o.name}'`,
        );
        described.push({ ...o, columns, flags });
      } else {
        const [text] = (await rows(
          db,
          `SELECT sql FROM sqlite_master WHERE name = '${o.name}'`,
        )) as { sql: string }[];
        // Triggers and views as they are written, spaces aside.
        described.push({ ...o, sql: text?.sql.replace(/\s+/g, ' ') });
      }
    }
    return described;
  }
  return {
    columns: await rows(
      db,
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY 1, 2`,
    ),
    indexes: await rows(
      db,
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
       ORDER BY 1, 2`,
    ),
    constraints: await rows(
      db,
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    triggers: await rows(
      db,
      `SELECT event_object_table, trigger_name, event_manipulation, action_statement
       FROM information_schema.triggers ORDER BY 1, 2, 3`,
    ),
    functions: await rows(
      db,
      `SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
    ),
  };
}

/** Jobs, keys, sessions, uploads and favourites as a studio before the store wrote them. */
async function fill(raw: RawStore): Promise<void> {
  const { db, d, dir } = raw;
  const job = (handle: string, more: Record<string, unknown> = {}) => ({
    handle,
    upstream_id: `up-${handle}`,
    parent_handle: null,
    parent_index: null,
    operation: 'diffusion' as const,
    prompt: `a Café in the storm ${handle}`,
    status: 'completed' as const,
    progress: 100,
    created_at: '2026-03-01T10:00:00Z',
    started_at: '2026-03-01T10:00:01Z',
    ended_at: '2026-03-01T10:00:30Z',
    cost_frozen: 80,
    cost_consumed: 80,
    cost_unit: 'credit',
    output_json: '{"image_urls":["https://cdn.example/a.png"]}',
    dims_json: '{"0":{"width":8,"height":4}}',
    error_json: null,
    task_json: '{}',
    updated_at: '2026-03-01T10:00:30Z',
    hook_token: null,
    favourite: 0,
    created_ms: Date.parse('2026-03-01T10:00:00Z'),
    added_ms: Date.parse('2026-03-01T10:00:00Z'),
    params_json: '{"text":"a storm"}',
    create_state: null,
    media_pending: 0,
    ...indexed(d, `a Café in the storm ${handle}`),
    ...(d.nextSeq ? { seq: d.nextSeq } : {}),
    ...more,
  });
  await db
    .insertInto('jobs')
    .values(job('parent000001', { favourite: 1 }))
    .execute();
  await db
    .insertInto('jobs')
    .values(job('child0000001', { parent_handle: 'parent000001', parent_index: 2 }))
    .execute();
  await db
    .insertInto('jobs')
    .values(job('running00001', { status: 'processing', hook_token: 'tok-running-000000000a' }))
    .execute();
  await db
    .insertInto('jobs')
    .values(job('failed000001', { status: 'failed', cost_consumed: 0, error_json: '{}' }))
    .execute();
  // A job that cost something, deleted: its ledger row stays.
  await db.insertInto('jobs').values(job('deleted00001')).execute();
  await db.deleteFrom('jobs').where('handle', '=', 'deleted00001').execute();
  await db
    .insertInto('idempotency_keys')
    .values({ key: 'k-1', fingerprint: 'f', handle: 'child0000001', created_at: '2026-03-01' })
    .execute();
  await db
    .insertInto('sessions')
    .values({ token_hash: 'ab'.repeat(32), created_ms: 1, expires_ms: Date.now() + 60_000 })
    .execute();
  const bytes = Buffer.from('an image, byte for byte');
  const upload = {
    id: 'upload000001',
    token: 'T'.repeat(22),
    ext: 'png' as const,
    type: 'image/png' as const,
    width: 8,
    height: 4,
    bytes: bytes.length,
    created_at: '2026-03-01T10:00:00Z',
    last_used_ms: 5,
  };
  if (dir) {
    // Before the store, one studio kept upload bytes in files.
    mkdirSync(path.join(dir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dir, 'uploads', `${upload.token}.png`), bytes);
    await db
      .insertInto('uploads')
      .values(upload as never)
      .execute();
    // An upload whose file went missing could never be served: it does not come along.
    await db
      .insertInto('uploads')
      .values({ ...upload, id: 'upload000002', token: 'U'.repeat(22) } as never)
      .execute();
  } else {
    await db
      .insertInto('uploads')
      .values({ ...upload, data: bytes })
      .execute();
  }
  await db
    .insertInto('job_uploads')
    .values({ handle: 'running00001', upload_id: 'upload000001' })
    .execute();
}

const TABLES = ['jobs', 'idempotency_keys', 'sessions', 'job_uploads', 'ledger'] as const;
const LATER = ['prompt_words', 'created_by', 'person_id', 'queue_position', 'queue_body'];

async function contents(db: Db): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const t of TABLES) {
    const found = await sql.raw(`SELECT * FROM ${t}`).execute(db);
    all[t] = (found.rows as Record<string, unknown>[])
      // The columns later schema steps added (the maker, the session's person) aside.
      .map((r) => JSON.stringify(r, (k, v: unknown) => (LATER.includes(k) ? undefined : v)))
      .sort();
  }
  all.uploads = await db
    .selectFrom('uploads')
    .select(UPLOAD_COLUMNS)
    .where('id', '=', 'upload000001')
    .execute();
  return all;
}

describe.each(STORE_KINDS)('the store schema on %s', (kind) => {
  it('brings a database made before the store forward with every row unchanged', async () => {
    const raw = await kinds.raw(kind);
    await legacyAt(raw, raw.d.legacy.steps.length);
    await fill(raw);
    const before = await contents(raw.db);
    const store = await assembleStore(raw.db, raw.d, OPTS);
    try {
      expect(await contents(raw.db)).toEqual(before);
      // Read through the store as the studio reads them.
      const page = await store.history.list({ beforeSeq: null, limit: 10 });
      expect(page.jobs.map((j) => [j.handle, j.favourite])).toEqual([
        ['failed000001', false],
        ['running00001', false],
        ['child0000001', false],
        ['parent000001', true],
      ]);
      const found = await store.history.list({ beforeSeq: null, limit: 10, search: 'cafe child' });
      expect(found.jobs.map((j) => j.handle)).toEqual(['child0000001']);
      expect((await store.history.lineage('child0000001')).ancestors[0]?.handle).toBe(
        'parent000001',
      );
      expect(await store.history.findIdempotent('k-1')).toEqual({
        fingerprint: 'f',
        handle: 'child0000001',
      });
      expect(await store.history.findByHook('tok-running-000000000a')).toMatchObject({
        handle: 'running00001',
        status: 'processing',
      });
      const upload = await store.uploads.byToken('T'.repeat(22));
      expect(upload).toMatchObject({ id: 'upload000001', width: 8 });
      expect(upload && (await store.uploads.read(upload))?.toString()).toBe(
        'an image, byte for byte',
      );
      expect(await store.uploads.byToken('U'.repeat(22))).toBeNull();
      // The spending of every job before, the deleted one included, summed per quarter hour.
      const spent = await store.spending.summary(7, 'UTC', Date.parse('2026-03-03T00:00:00Z'));
      expect(spent.totals).toEqual({ jobs: 5, consumed: 320, refunded: 80 });
      const version = await rows(raw.db, 'SELECT version FROM store_schema');
      expect(version).toEqual([{ version: STORE_VERSION }]);
      // A studio from before the store refuses the database: it is past its last step.
      expect(await raw.d.legacy.version(raw.db)).toBe(raw.d.legacy.steps.length + 1);
    } finally {
      await store.close();
      raw.dispose();
    }
  });

  it('migrates a database at any version before the store to the schema of a new one', async () => {
    const fresh = await kinds.raw(kind);
    const store = await assembleStore(fresh.db, fresh.d, OPTS);
    const expected = await schemaOf(kind, fresh.db);
    await store.close();
    fresh.dispose();
    for (let version = 1; version <= fresh.d.legacy.steps.length; version++) {
      const raw = await kinds.raw(kind);
      await legacyAt(raw, version);
      const migrated = await assembleStore(raw.db, raw.d, OPTS);
      try {
        expect(await schemaOf(kind, raw.db), `from version ${version}`).toEqual(expected);
      } finally {
        await migrated.close();
        raw.dispose();
      }
    }
  }, 60_000);

  it('counts the spending of jobs stored before the ledger existed', async () => {
    const raw = await kinds.raw(kind);
    // The steps before the one that made the ledger (SQLite's 9th, Postgres's 4th).
    await legacyAt(raw, kind === 'sqlite' ? 8 : 3);
    const insert = (
      handle: string,
      parent: string | null,
      operation: string,
      prompt: string,
      status: string,
      createdMs: number,
      frozen: number,
      consumed: number,
    ) =>
      raw.db
        .insertInto('jobs')
        .values({
          handle,
          upstream_id: 'u',
          parent_handle: parent,
          operation: operation as never,
          prompt,
          status: status as never,
          created_at: '2026-04-01T10:00:00Z',
          created_ms: createdMs,
          cost_frozen: frozen,
          cost_consumed: consumed,
          updated_at: '2026-04-01T10:00:00Z',
          added_ms: 0,
          dims_json: '{}',
          ...indexed(raw.d, prompt),
          ...(raw.d.nextSeq ? { seq: raw.d.nextSeq } : {}),
        } as never)
        .execute();
    await insert('oldTurbo0001', null, 'diffusion', 'a fox\n--turbo', 'completed', 1000, 160, 160);
    await insert('oldChild0001', 'oldTurbo0001', 'remix', 'blue', 'completed', 2000, 240, 240);
    await insert('oldFailed001', null, 'diffusion', 'a fox', 'failed', 3000, 80, 0);
    await insert('oldActive001', null, 'describe', 'x --turbo', 'processing', 4000, 20, 0);
    const store = await assembleStore(raw.db, raw.d, OPTS);
    try {
      const row = (...r: [string, string, string, number, number, number, number]) => ({
        handle: r[0],
        speed: r[1],
        status: r[2],
        frozen: r[3],
        consumed: r[4],
        refunded: r[5],
        created_ms: r[6],
      });
      expect(
        await rows(
          raw.db,
          'SELECT handle, speed, status, frozen, consumed, refunded, created_ms FROM ledger ORDER BY created_ms',
        ),
      ).toEqual([
        row('oldTurbo0001', 'turbo', 'completed', 160, 160, 0, 1000),
        row('oldChild0001', 'turbo', 'completed', 240, 240, 0, 2000),
        row('oldFailed001', 'fast', 'failed', 80, 0, 80, 3000),
        row('oldActive001', 'fast', 'processing', 20, 0, 0, 4000),
      ]);
      // And in the quarter hours' sums the spending page reads.
      expect(
        await rows(
          raw.db,
          'SELECT quarter, operation, jobs FROM ledger_quarters ORDER BY quarter, operation',
        ),
      ).toEqual([
        { quarter: 0, operation: 'describe', jobs: 1 },
        { quarter: 0, operation: 'diffusion', jobs: 2 },
        { quarter: 0, operation: 'remix', jobs: 1 },
      ]);
    } finally {
      await store.close();
      raw.dispose();
    }
  });

  it('runs each step once, and refuses a database a newer studio migrated', async () => {
    const raw = await kinds.raw(kind);
    const first = await assembleStore(raw.db, raw.d, OPTS);
    await first.close();
    // Opened again (a restart): nothing runs twice, the deployment keeps its id.
    const again = raw.reopen();
    const second = await assembleStore(again.db, again.d, OPTS);
    expect(second.deployment).toBe(first.deployment);
    expect(await rows(again.db, 'SELECT version FROM store_schema')).toEqual([
      { version: STORE_VERSION },
    ]);
    await again.db
      .updateTable('store_schema')
      .set({ version: STORE_VERSION + 1 })
      .execute();
    await second.close();
    const newer = raw.reopen();
    await expect(assembleStore(newer.db, newer.d, OPTS)).rejects.toThrow(
      /newer than this program knows/,
    );
    raw.dispose();
  });
});
