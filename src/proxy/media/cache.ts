import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { Logger } from '../log';
import type { MediaRetention } from '../store/shared-store';
import type { MediaFile, MediaIndex } from './index';
import type { UpstreamClient } from '../upstream/client';
import { mediaTypeOf } from './sniff';

/** Far above any image or short video of the service; a guard against a runaway body. */
const MAX_MEDIA_BYTES = 512 * 1024 * 1024;
/**
 * A download is kept in memory up to this much before it is written: an image goes to
 * disk in one write. Piped through Node streams, every 64 KB chunk waited for its own
 * turns of the event loop, which a burst of results kept busy.
 */
const WRITE_BYTES = 8 * 1024 * 1024;

const metaSchema = z.object({
  contentType: z.string(),
  etag: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
type MediaMeta = z.infer<typeof metaSchema>;

export interface CachedMedia extends MediaMeta {
  file: string;
}

type MediaFetcher = Pick<UpstreamClient, 'fetchMedia'>;

/**
 * Writes a body to `file` as it comes, checking its size; returns its size, first bytes
 * and ETag. The file is left half written when it throws.
 */
async function saveBody(body: ReadableStream<Uint8Array>, file: string) {
  const out = await open(file, 'w');
  const hash = createHash('sha256');
  let size = 0;
  let head = new Uint8Array(0);
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const reader = body.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const chunk = r.value;
      size += chunk.length;
      if (size > MAX_MEDIA_BYTES) throw new Error('media file too large');
      if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < WRITE_BYTES) continue;
      await out.writev(pending);
      pending = [];
      pendingBytes = 0;
    }
    if (pending.length > 0) await out.writev(pending);
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    await out.close();
  }
  return { size, head, etag: `"${hash.digest('base64url').slice(0, 27)}"` };
}

async function measure(file: string, contentType: string) {
  if (!contentType.startsWith('image/')) return { width: null, height: null };
  try {
    const m = await sharp(file).metadata();
    return { width: m.width ?? null, height: m.pageHeight ?? m.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** Which files eviction takes first: what costs least to lose. */
const RETENTION_ORDER: Record<MediaRetention, number> = { deleted: 0, refetchable: 1, lost: 2 };

/**
 * Upstream media copied to disk under STUDIO_DATA_DIR/media/<handle>/<key>. A job's outputs
 * never change, so a file once complete is served forever without asking the upstream.
 */
export class MediaCache {
  private readonly inFlight = new Map<string, Promise<CachedMedia>>();
  private evicting: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly upstream: MediaFetcher,
    private readonly index: MediaIndex,
    private readonly capBytes: number,
    private readonly log: Logger,
    /** What losing each job's files would cost (see `HistoryStore.mediaRetention`). */
    private readonly retention: (handles: string[]) => Promise<Map<string, MediaRetention>>,
  ) {}

  /**
   * The cached file, downloading it once however many ask at the same time: the lookup is
   * part of what they share, so two requests that both miss the cache make one download.
   */
  get(handle: string, key: string, url: string, signal?: AbortSignal): Promise<CachedMedia> {
    const id = `${handle}/${key}`;
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.cachedOrDownload(handle, key, url, signal).finally(() =>
        this.inFlight.delete(id),
      );
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  private async cachedOrDownload(handle: string, key: string, url: string, signal?: AbortSignal) {
    const cached = await this.lookup(handle, key);
    if (!cached) return this.download(handle, key, url, signal);
    this.index.touch(handle, key);
    return cached;
  }

  /** Drops every cached file of a job (the job was deleted). */
  async removeJob(handle: string): Promise<void> {
    this.index.forgetJob(handle);
    // A download or thumbnail still writing into the folder makes one pass fail with
    // ENOTEMPTY: Node tries again a few times.
    await rm(path.join(this.dir, handle), {
      recursive: true,
      force: true,
      maxRetries: 5,
      retryDelay: 20,
    });
  }

  /** Indexes files cached before the index existed (a studio updated in place). */
  async reindex(): Promise<void> {
    if (!this.index.isEmpty()) return;
    const handles = await readdir(this.dir).catch(() => [] as string[]);
    for (const handle of handles) {
      const files = await readdir(path.join(this.dir, handle)).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.json'))) {
        const key = file.slice(0, -'.json'.length);
        const found = await this.lookup(handle, key);
        if (found) this.index.record(handle, key, found.size);
      }
    }
    await this.evict(null);
  }

  private paths(handle: string, key: string) {
    const base = path.join(this.dir, handle, key);
    return { data: `${base}.bin`, meta: `${base}.json` };
  }

  /** The meta file is written last, so its presence means the data file is complete. */
  private async lookup(handle: string, key: string): Promise<CachedMedia | null> {
    const p = this.paths(handle, key);
    try {
      const meta = metaSchema.parse(JSON.parse(await readFile(p.meta, 'utf8')));
      const st = await stat(p.data);
      return st.size === meta.size ? { ...meta, file: p.data } : null;
    } catch {
      return null;
    }
  }

  private async download(handle: string, key: string, url: string, signal?: AbortSignal) {
    const p = this.paths(handle, key);
    await mkdir(path.dirname(p.data), { recursive: true });
    const res = await this.upstream.fetchMedia(url, signal);
    if (!res.body) throw new Error('media answer without a body');
    const tmp = `${p.data}.${randomBytes(6).toString('hex')}.part`;
    let saved;
    try {
      saved = await saveBody(res.body, tmp);
      await rename(tmp, p.data);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const { size, head, etag } = saved;
    const contentType = mediaTypeOf(head, res.headers.get('content-type'));
    const meta: MediaMeta = { contentType, etag, size, ...(await measure(p.data, contentType)) };
    await writeFile(p.meta, JSON.stringify(meta));
    this.index.record(handle, key, size);
    await this.evict(`${handle}/${key}`);
    return { ...meta, file: p.data };
  }

  /** Evicts until the cache fits STUDIO_MEDIA_CACHE_MB; one pass at a time. */
  private evict(keep: string | null): Promise<void> {
    const run = this.evicting.then(() => this.evictNow(keep));
    this.evicting = run.catch((err: unknown) => this.log.error('media eviction failed', { err }));
    return this.evicting;
  }

  /**
   * Files of deleted jobs go first, then those of jobs the upstream still has (they can
   * be fetched again), then the rest; least recently used first within each. A file of a
   * job the upstream no longer has is only evicted when nothing else is left.
   */
  private async evictNow(keep: string | null): Promise<void> {
    let total = this.index.totalBytes();
    if (total <= this.capBytes) return;
    const files = this.index.files();
    const retention = await this.retention([...new Set(files.map((f) => f.handle))]);
    const order = (f: MediaFile) => RETENTION_ORDER[retention.get(f.handle) ?? 'deleted'];
    // Sorting keeps the least recently used first within each kind.
    files.sort((a, b) => order(a) - order(b));
    let evicted = 0;
    for (const f of files) {
      if (total <= this.capBytes) break;
      const id = `${f.handle}/${f.key}`;
      if (id === keep || this.inFlight.has(id)) continue;
      const p = this.paths(f.handle, f.key);
      // The meta file first: without it the file counts as not cached.
      await rm(p.meta, { force: true });
      await rm(p.data, { force: true });
      this.index.forget(f.handle, f.key);
      total -= f.bytes;
      evicted++;
    }
    if (evicted > 0) this.log.info('media cache evicted', { files: evicted, bytes: total });
  }
}
