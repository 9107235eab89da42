import { describe, expect, it } from 'vitest';
import { openPostgres } from '@/server/postgres';
import { storeKinds } from '@/proxy/test/store-kinds';
import { migratePostgres } from './migrations';

const kinds = storeKinds(0);

describe('the Postgres ledger migration', () => {
  it('counts the spending of jobs stored before the ledger existed (version 4)', async () => {
    const pool = openPostgres(await kinds.freshPostgres());
    try {
      await migratePostgres(pool, 3);
      const insert = (
        ...v: [string, string | null, string, string, string, number, number, number]
      ) =>
        pool.query(
          `INSERT INTO jobs (handle, upstream_id, parent_handle, operation, prompt, prompt_words,
             status, created_at, created_ms, cost_frozen, cost_consumed, updated_at, added_ms)
           VALUES ($1, 'u', $2, $3, $4, ''::tsvector, $5, '2026-04-01T10:00:00Z', $6, $7, $8,
             '2026-04-01T10:00:00Z', 0)`,
          v,
        );
      await insert(
        'oldTurbo0001',
        null,
        'diffusion',
        'a fox\n--turbo',
        'completed',
        1000,
        160,
        160,
      );
      await insert('oldChild0001', 'oldTurbo0001', 'remix', 'blue', 'completed', 2000, 240, 240);
      await insert('oldFailed001', null, 'diffusion', 'a fox', 'failed', 3000, 80, 0);
      await insert('oldActive001', null, 'describe', 'x --turbo', 'processing', 4000, 20, 0);
      await migratePostgres(pool);
      const { rows } = await pool.query(
        'SELECT handle, speed, status, frozen, consumed, refunded, created_ms FROM ledger ORDER BY created_ms',
      );
      expect(rows).toEqual([
        row('oldTurbo0001', 'turbo', 'completed', 160, 160, 0, 1000),
        row('oldChild0001', 'turbo', 'completed', 240, 240, 0, 2000),
        row('oldFailed001', 'fast', 'failed', 80, 0, 80, 3000),
        row('oldActive001', 'fast', 'processing', 20, 0, 0, 4000),
      ]);
    } finally {
      await pool.end();
    }
  });
});

const row = (
  handle: string,
  speed: string,
  status: string,
  frozen: number,
  consumed: number,
  refunded: number,
  created_ms: number,
) => ({ handle, speed, status, frozen, consumed, refunded, created_ms });
