import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '@/server/test-postgres';
import type { SharedStore } from '../shared-store';
import { openPostgresStore } from './open';

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server.stop(), 60_000);

const KB = 1024;
const open = (url: string) =>
  openPostgresStore(url, { upstreamTtlMs: 72 * 60 * 60 * 1000, uploadsCapBytes: 64 * KB });

/** Three replicas' stores on one database, opened together as replicas start. */
async function replicas(): Promise<SharedStore[]> {
  const url = await server.freshDatabase();
  return Promise.all([open(url), open(url), open(url)]);
}

describe('replicas on one Postgres', () => {
  it('see one another’s sessions, creates, callback tokens, keys and uploads', async () => {
    const [a, b, c] = await replicas();
    if (!a || !b || !c) throw new Error('no replicas');
    try {
      const { token } = await a.sessions.create();
      expect(await b.sessions.valid(token)).toBe(true);
      await c.sessions.end(token);
      expect(await a.sessions.valid(token)).toBe(false);

      const intent = {
        handle: 'h-shared',
        hookToken: 'tok-shared',
        parentHandle: null,
        parentIndex: null,
        operation: 'diffusion' as const,
        prompt: 'a shared lighthouse',
        params: null,
      };
      await a.history.recordIntent(intent, { key: 'k-shared', fingerprint: 'f' });
      expect(await b.history.findIdempotent('k-shared')).toEqual({
        fingerprint: 'f',
        handle: 'h-shared',
      });
      expect((await c.history.findByHook('tok-shared'))?.handle).toBe('h-shared');
      await b.history.markCreateUnknown('h-shared');
      const seen = await c.history.list({ beforeSeq: null, limit: 5, search: 'light' });
      expect(seen.jobs.map((j) => [j.handle, j.createState])).toEqual([['h-shared', 'unknown']]);

      const image = { data: Buffer.alloc(KB, 7), type: 'image/png' as const, ext: 'png' as const };
      const saved = await a.uploads.save({ ...image, width: 1, height: 1 });
      const found = await c.uploads.byToken(saved.token);
      expect(found).toEqual(saved);
      expect(found && (await c.uploads.read(found))?.equals(image.data)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('number jobs from one sequence whichever replica stores them', async () => {
    const stores = await replicas();
    try {
      await Promise.all(
        stores.flatMap((s, r) =>
          [0, 1, 2].map((i) =>
            s.history.recordIntent(
              {
                handle: `h-${r}-${i}`,
                hookToken: null,
                parentHandle: null,
                parentIndex: null,
                operation: 'diffusion',
                prompt: `replica ${r}`,
                params: null,
              },
              null,
            ),
          ),
        ),
      );
      const first = stores[0];
      if (!first) throw new Error('no replica');
      expect(await first.history.markInterruptedCreates()).toBe(9);
      const { jobs } = await first.history.list({ beforeSeq: null, limit: 20 });
      const seqs = jobs.map((j) => j.seq);
      expect(new Set(seqs).size).toBe(9);
      expect(seqs).toEqual([...seqs].sort((x, y) => y - x));
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
