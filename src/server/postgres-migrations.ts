import type { MigrationOptions } from './migrations';
import type { PgClient, PgPool } from './postgres';

/**
 * Brings a Postgres database up a program's list of schema steps, as `runMigrations` does
 * for SQLite: step i moves it from version i to i + 1 in its own transaction, and the
 * table `schema_version` records how many ran. Replicas starting together take turns on
 * an advisory lock named `lockName`, so the steps run once: the later ones find the
 * database already at the version and do nothing.
 */
export async function runPgMigrations(
  pool: PgPool,
  steps: readonly string[],
  lockName: string,
  { target = steps.length, tooNew }: MigrationOptions,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    try {
      await migrateLocked(client, steps, target, tooNew);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
    }
  } finally {
    client.release();
  }
}

async function migrateLocked(
  client: PgClient,
  steps: readonly string[],
  target: number,
  tooNew: MigrationOptions['tooNew'],
): Promise<void> {
  await client.query('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
  const current = rows[0]?.version ?? 0;
  if (current > steps.length) throw new Error(tooNew(current, steps.length));
  for (let version = current; version < target; version++) {
    await client.query('BEGIN');
    try {
      await client.query(steps[version] ?? '');
      await client.query('DELETE FROM schema_version');
      await client.query('INSERT INTO schema_version (version) VALUES ($1)', [version + 1]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  }
}
