import { afterAll } from 'vitest';
import { Stack } from './harness';
import type { StoreKind } from './store-kinds';
import { PASSWORD } from './team';
import { startTestPostgres, type TestPostgres } from './test-postgres';

/**
 * Studios with a password on the SQLite file, or on a fresh database of one PostgreSQL
 * server, started at its first need and stopped after the file's tests.
 */
export function studiosOn() {
  let postgres: Promise<TestPostgres> | null = null;
  afterAll(async () => (await postgres)?.stop(), 60_000);
  const freshDatabase = async (): Promise<string> => {
    postgres ??= startTestPostgres();
    return (await postgres).freshDatabase();
  };
  return {
    freshDatabase,
    studioOn: async (kind: StoreKind): Promise<Stack> =>
      kind === 'sqlite'
        ? Stack.start({ studioPassword: PASSWORD })
        : Stack.start({ studioPassword: PASSWORD, databaseUrl: await freshDatabase() }),
  };
}
