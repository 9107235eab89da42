import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PgPool } from './postgres';
import { runPgMigrations } from './postgres-migrations';
import { startTestPostgres, type TestPostgres } from './test-postgres';

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server.stop(), 60_000);

/**
 * Steps that fail if run twice (a second CREATE TABLE errors), and that take long enough
 * (pg_sleep) that two runners started together overlap.
 */
const STEPS = [
  `CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL);
   SELECT pg_sleep(0.2);`,
  `ALTER TABLE notes ADD COLUMN starred integer NOT NULL DEFAULT 0;
   INSERT INTO notes (text) VALUES ('step 2 ran');`,
];
const tooNew = (version: number, known: number) => `database at ${version}, program knows ${known}`;
const LOCK = 'test-migrations';

async function withPools<T>(n: number, fn: (pools: PgPool[]) => Promise<T>): Promise<T> {
  const url = await server.freshDatabase();
  const pools = Array.from({ length: n }, () => openPostgres(url));
  try {
    return await fn(pools);
  } finally {
    await Promise.all(pools.map((p) => p.end()));
  }
}

const versionOf = async (pool: PgPool) =>
  (await pool.query<{ version: number }>('SELECT version FROM schema_version')).rows;

describe('runPgMigrations', () => {
  it('migrates once when three replicas start together', async () => {
    await withPools(3, async (pools) => {
      const runs = pools.map((p) => runPgMigrations(p, STEPS, LOCK, { tooNew }));
      await expect(Promise.all(runs)).resolves.toHaveLength(3);
      const first = pools[0];
      if (!first) throw new Error('no pool');
      expect(await versionOf(first)).toEqual([{ version: 2 }]);
      const notes = await first.query('SELECT text, starred FROM notes');
      expect(notes.rows).toEqual([{ text: 'step 2 ran', starred: 0 }]);
    });
  });

  it('resumes after the last step that ran, and a failed step leaves the version before it', async () => {
    await withPools(1, async ([pool]) => {
      if (!pool) throw new Error('no pool');
      await runPgMigrations(pool, STEPS, LOCK, { tooNew, target: 1 });
      expect(await versionOf(pool)).toEqual([{ version: 1 }]);
      const broken = [...STEPS, 'CREATE TABLE notes (id integer);'];
      await expect(runPgMigrations(pool, broken, LOCK, { tooNew })).rejects.toThrow(/notes/);
      expect(await versionOf(pool)).toEqual([{ version: 2 }]);
      // The lock was given back: another run is not left waiting.
      await runPgMigrations(pool, STEPS, LOCK, { tooNew });
    });
  });

  it('refuses a database a newer program migrated', async () => {
    await withPools(1, async ([pool]) => {
      if (!pool) throw new Error('no pool');
      await runPgMigrations(pool, STEPS, LOCK, { tooNew });
      await expect(runPgMigrations(pool, STEPS.slice(0, 1), LOCK, { tooNew })).rejects.toThrow(
        'database at 2, program knows 1',
      );
    });
  });
});
