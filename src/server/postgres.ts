import pg from 'pg';

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;

const INT8 = 20;

/**
 * A pool of connections to `url`. Bigints come back as numbers: the studio keeps only
 * sequence numbers and millisecond times in them, far below 2^53. A connection that
 * fails while idle (the server restarted) is dropped from the pool and reported, never
 * thrown at the process.
 */
export function openPostgres(url: string, onIdleError: (e: Error) => void = () => undefined) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onIdleError);
  return pool;
}

/** Runs `fn` in one transaction on one connection: committed when it resolves, else rolled back. */
export async function inTransaction<T>(pool: PgPool, fn: (c: PgClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/**
 * `@name` placeholders (as better-sqlite3 takes them) as Postgres's `$1, $2…`, so that a
 * statement can be written once for both databases. Every name must have a value.
 */
export function named(
  sql: string,
  values: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const order: string[] = [];
  const text = sql.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for @${name}`);
    let i = order.indexOf(name);
    if (i < 0) i = order.push(name) - 1;
    return `$${i + 1}`;
  });
  return { text, values: order.map((name) => values[name]) };
}
