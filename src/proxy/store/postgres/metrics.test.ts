import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stack } from '@/proxy/test/harness';
import { startTestPostgres, type TestPostgres } from '@/proxy/test/test-postgres';

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('a studio on PostgreSQL', () => {
  it("tells its pool's connections in /metrics, and is ready while the database answers", async () => {
    const stack = await Stack.start({ databaseUrl: await server.freshDatabase() });
    try {
      expect((await stack.call('/readyz')).status).toBe(200);
      const text = (await stack.call('/metrics')).text;
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting')).toBe(0);
    } finally {
      await stack.stop();
    }
  });
});
