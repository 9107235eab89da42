import pg from 'pg';

const INT8 = 20;

/**
 * A pool of connections to `url`. Bigints come back as numbers: the store keeps only
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
