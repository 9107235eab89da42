import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskResponseSchema } from '@/contract/task';
import { stateFromTask } from '../model/record';
import { createRedactor } from '../log';
import { createLogger } from '@/server/log';
import type { SharedStore } from '../store/shared-store';
import { openSqliteStore } from '../store/sqlite/open';
import { fixture } from '../test/fixtures';
import { MediaCache } from './cache';
import { MediaIndex } from './index';

const KB = 1024;
const HOUR = 60 * 60 * 1000;
const TTL_MS = 72 * HOUR;
const redact = createRedactor([]);
const log = createLogger({ level: 'silent' });
const completed = taskResponseSchema.parse(fixture('diffusion-completed'));

let dir: string;
let store: SharedStore;
let index: MediaIndex;
const fetched: string[] = [];
/** Every "upstream" file is 4 KB. */
const upstream = {
  fetchMedia: async (url: string) => {
    fetched.push(url);
    return new Response(new Uint8Array(4 * KB).fill(7));
  },
};

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-cache-'));
  store = await openSqliteStore(dir, { upstreamTtlMs: TTL_MS, uploadsCapBytes: 1024 * KB });
  index = MediaIndex.open(dir);
  fetched.length = 0;
});
afterEach(async () => {
  vi.useRealTimers();
  index.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A completed job in the history; the upstream still has it. */
async function job(handle: string): Promise<string> {
  await store.history.insert({
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

/** A job the upstream answered 404 for: the cache holds the only copy of its media. */
async function goneJob(handle: string): Promise<string> {
  await job(handle);
  await store.history.markUpstreamGone(handle);
  return handle;
}

const cacheWith = (capBytes: number, idx = index) =>
  new MediaCache(path.join(dir, 'media'), upstream, idx, capBytes, log, (h) =>
    store.history.mediaRetention(h),
  );
const file = (handle: string, key: string) => path.join(dir, 'media', handle, `${key}.bin`);
const cached = (handle: string, key: string) => existsSync(file(handle, key));
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the media cache under STUDIO_MEDIA_CACHE_MB', () => {
  it('evicts the least recently used files that the upstream can send again', async () => {
    const cache = cacheWith(10 * KB);
    const recent = await job('recent-00001');
    const gone = await goneJob('gone-0000001');
    await cache.get(gone, '0', 'u/gone/0');
    await tick();
    await cache.get(recent, '0', 'u/recent/0');
    await tick();
    await cache.get(recent, '1', 'u/recent/1');
    // 12 KB > 10 KB: the oldest re-fetchable file went, not the older irreplaceable one.
    expect(cached(recent, '0')).toBe(false);
    expect(cached(recent, '1')).toBe(true);
    expect(cached(gone, '0')).toBe(true);

    // Asked again, it comes back from the upstream.
    await cache.get(recent, '0', 'u/recent/0');
    expect(fetched.filter((u) => u === 'u/recent/0')).toHaveLength(2);
    expect(cached(gone, '0')).toBe(true);
  });

  it("evicts a deleted job's files first, then re-fetchable ones, then irreplaceable ones", async () => {
    const cache = cacheWith(12 * KB);
    const lost = await goneJob('lost-0000001');
    const kept = await job('kept-0000001');
    const deleted = await job('deleted-0001');
    await cache.get(lost, '0', 'u/lost/0');
    await tick();
    await cache.get(kept, '0', 'u/kept/0');
    await tick();
    await cache.get(deleted, '0', 'u/deleted/0');
    await tick();
    // Deleted from the history without this cache hearing of it (another replica did).
    await store.history.remove(deleted);

    // 16 KB: the deleted job's file goes although it is the most recently used.
    await cache.get(kept, '1', 'u/kept/1');
    await tick();
    expect(cached(deleted, '0')).toBe(false);
    expect([cached(lost, '0'), cached(kept, '0'), cached(kept, '1')]).toEqual([true, true, true]);

    // 16 KB again: the re-fetchable file goes, not the older one the upstream lost.
    await cache.get(kept, '2', 'u/kept/2');
    expect(cached(kept, '0')).toBe(false);
    expect([cached(lost, '0'), cached(kept, '1'), cached(kept, '2')]).toEqual([true, true, true]);
    expect(index.totalBytes()).toBe(12 * KB);
  });

  it('counts the media of a job older than UPSTREAM_JOB_TTL_H as irreplaceable', async () => {
    const cache = cacheWith(8 * KB);
    // Added 73 hours ago: the upstream has dropped it by now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - TTL_MS - HOUR);
    const expired = await job('expired-0001');
    vi.useRealTimers();
    const fresh = await job('fresh-000001');
    await cache.get(expired, '0', 'u/expired/0');
    await tick();
    await cache.get(fresh, '0', 'u/fresh/0');
    await tick();
    await cache.get(fresh, '1', 'u/fresh/1');
    expect(cached(expired, '0')).toBe(true);
    expect(cached(fresh, '0')).toBe(false);
    expect(cached(fresh, '1')).toBe(true);
  });

  it('evicts irreplaceable files only when nothing else is left, and forgets deleted jobs', async () => {
    const cache = cacheWith(6 * KB);
    const a = await goneJob('gone-000000a');
    const b = await goneJob('gone-000000b');
    await cache.get(a, '0', 'u/a/0');
    await tick();
    await cache.get(b, '0', 'u/b/0');
    expect(cached(a, '0')).toBe(false);
    expect(cached(b, '0')).toBe(true);
    await cache.removeJob(b);
    expect(existsSync(path.join(dir, 'media', b))).toBe(false);
    expect(index.totalBytes()).toBe(0);
    expect(index.isEmpty()).toBe(true);
  });

  it('indexes files cached before its index existed, and evicts down to the cap', async () => {
    const first = cacheWith(100 * KB);
    const h = await job('old-00000001');
    await first.get(h, '0', 'u/h/0');
    await first.get(h, '1', 'u/h/1');
    // As after an update in place (the index was in studio.sqlite then), or a deleted index.
    index.close();
    rmSync(path.join(dir, 'media-index.sqlite'));
    index = MediaIndex.open(dir);
    expect(index.isEmpty()).toBe(true);

    const second = cacheWith(5 * KB);
    await second.reindex();
    expect(index.totalBytes()).toBe(4 * KB);
    expect([cached(h, '0'), cached(h, '1')].filter(Boolean)).toHaveLength(1);
    // What is left is served from disk, without asking the upstream again.
    const left = cached(h, '0') ? '0' : '1';
    await second.get(h, left, `u/h/${left}`);
    expect(fetched).toEqual(['u/h/0', 'u/h/1']);
  });
});
