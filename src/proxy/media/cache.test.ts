import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { stateFromTask } from '../model/record';
import { createLogger, createRedactor } from '../log';
import { openDatabase } from '../store/db';
import { JobStore } from '../store/jobs';
import { MediaIndex } from '../store/media-index';
import { fixture } from '../test/fixtures';
import { MediaCache } from './cache';

const KB = 1024;
const redact = createRedactor([]);
const log = createLogger(redact);
const completed = taskResponseSchema.parse(fixture('diffusion-completed'));

let dir: string;
let db: Database.Database;
let store: JobStore;
const fetched: string[] = [];
/** Every "upstream" file is 4 KB. */
const upstream = {
  fetchMedia: async (url: string) => {
    fetched.push(url);
    return new Response(new Uint8Array(4 * KB).fill(7));
  },
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-cache-'));
  db = openDatabase(dir);
  store = new JobStore(db);
  fetched.length = 0;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function job(handle: string): string {
  store.insert({
    handle,
    upstreamId: `up-${handle}`,
    parentHandle: null,
    parentIndex: null,
    operation: 'diffusion',
    prompt: 'p',
    createdAt: '2026-01-01T00:00:00Z',
    dims: {},
    task: completed,
    ...stateFromTask(completed, null, redact),
  });
  return handle;
}

const cacheWith = (capBytes: number) =>
  new MediaCache(path.join(dir, 'media'), upstream, new MediaIndex(db, 3_600_000), capBytes, log);
const file = (handle: string, key: string) => path.join(dir, 'media', handle, `${key}.bin`);
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the media cache under STUDIO_MEDIA_CACHE_MB', () => {
  it('evicts the least recently used files that the upstream can send again', async () => {
    const cache = cacheWith(10 * KB);
    const recent = job('recent-00001');
    const gone = job('gone-0000001');
    store.markUpstreamGone(gone);
    await cache.get(gone, '0', 'u/gone/0');
    await tick();
    await cache.get(recent, '0', 'u/recent/0');
    await tick();
    await cache.get(recent, '1', 'u/recent/1');
    // 12 KB > 10 KB: the oldest re-fetchable file went, not the older irreplaceable one.
    expect(existsSync(file(recent, '0'))).toBe(false);
    expect(existsSync(file(recent, '1'))).toBe(true);
    expect(existsSync(file(gone, '0'))).toBe(true);

    // Asked again, it comes back from the upstream.
    await cache.get(recent, '0', 'u/recent/0');
    expect(fetched.filter((u) => u === 'u/recent/0')).toHaveLength(2);
    expect(existsSync(file(gone, '0'))).toBe(true);
  });

  it('evicts irreplaceable files only when nothing else is left, and forgets deleted jobs', async () => {
    const cache = cacheWith(6 * KB);
    const a = job('gone-000000a');
    const b = job('gone-000000b');
    store.markUpstreamGone(a);
    store.markUpstreamGone(b);
    await cache.get(a, '0', 'u/a/0');
    await tick();
    await cache.get(b, '0', 'u/b/0');
    expect(existsSync(file(a, '0'))).toBe(false);
    expect(existsSync(file(b, '0'))).toBe(true);
    await cache.removeJob(b);
    expect(existsSync(path.join(dir, 'media', b))).toBe(false);
    expect(new MediaIndex(db, 0).totalBytes()).toBe(0);
  });

  it('indexes files cached before the index existed', async () => {
    const first = cacheWith(100 * KB);
    const h = job('old-00000001');
    await first.get(h, '0', 'u/h/0');
    await first.get(h, '1', 'u/h/1');
    db.prepare('DELETE FROM media_files').run();
    const second = cacheWith(5 * KB);
    await second.reindex();
    expect(new MediaIndex(db, 0).totalBytes()).toBe(4 * KB);
    expect([existsSync(file(h, '0')), existsSync(file(h, '1'))].filter(Boolean)).toHaveLength(1);
  });
});
