import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STORE_KINDS, storeKinds, type RawStore } from '../test/store-kinds';
import { migrateStore } from './migrations';
import { indexed } from './search';

/**
 * The step that gave each ledger row its maker, on a database that had jobs before it:
 * rows of jobs that remain take their job's maker, rows of deleted jobs stay unknown, and
 * jobs made afterwards bring theirs along.
 */
const kinds = storeKinds(1024 * 1024);

/** The version before the step (`migrations.ts`: 4, invites). */
const BEFORE_LEDGER_MAKERS = 4;

const job = (raw: RawStore, handle: string, createdBy: string | null) =>
  raw.db
    .insertInto('jobs')
    .values({
      handle,
      upstream_id: `u-${handle}`,
      operation: 'diffusion',
      prompt: 'a fox',
      status: 'completed',
      created_at: '2026-04-01T10:00:00Z',
      created_ms: 1000,
      cost_frozen: 80,
      cost_consumed: 80,
      updated_at: '2026-04-01T10:00:00Z',
      added_ms: 0,
      dims_json: '{}',
      created_by: createdBy,
      ...indexed(raw.d, 'a fox'),
      ...(raw.d.nextSeq ? { seq: raw.d.nextSeq } : {}),
    } as never)
    .execute();

const makers = async (raw: RawStore) =>
  (
    await sql<{
      handle: string;
      created_by: string | null;
    }>`SELECT handle, created_by FROM ledger ORDER BY handle`.execute(raw.db)
  ).rows;

describe.each(STORE_KINDS)('the ledger makers step (%s)', (kind) => {
  it('gives each ledger row its job’s maker, where the job remains', async () => {
    const raw = await kinds.raw(kind);
    try {
      await migrateStore(raw.db, raw.d, BEFORE_LEDGER_MAKERS);
      await job(raw, 'anasJob00001', 'ana000000001');
      await job(raw, 'oldJob000001', null);
      await job(raw, 'bensJob00001', 'ben000000001');
      // Deleted before the step: its ledger row stays, and nothing says whose it was.
      await raw.db.deleteFrom('jobs').where('handle', '=', 'bensJob00001').execute();

      await migrateStore(raw.db, raw.d);
      expect(await makers(raw)).toEqual([
        { handle: 'anasJob00001', created_by: 'ana000000001' },
        { handle: 'bensJob00001', created_by: null },
        { handle: 'oldJob000001', created_by: null },
      ]);
      // A job made after the step brings its maker to its row.
      await job(raw, 'newJob000001', 'ana000000001');
      expect((await makers(raw)).find((r) => r.handle === 'newJob000001')).toEqual({
        handle: 'newJob000001',
        created_by: 'ana000000001',
      });
    } finally {
      raw.dispose();
    }
  });
});
