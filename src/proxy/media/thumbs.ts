import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Logger } from '../log';
import type { CachedMedia, MediaCache } from './cache';

/** The longest side of a thumbnail: a gallery tile of 192 CSS px on a 2× screen. */
export const THUMB_PX = 384;
const QUALITY = 70;

type Originals = Pick<MediaCache, 'get'>;

interface Entry {
  bytes: number;
}

/**
 * Small WebP thumbnails of cached images under STUDIO_DATA_DIR/thumbs/<handle>/<key>.webp,
 * made once with sharp from the media cache's original, within a byte limit (least
 * recently used evicted). They are derived from immutable outputs, so a lost one is only
 * made again: the index of sizes and last uses lives in memory, rebuilt from the folder at
 * start (file times give the order).
 */
export class ThumbCache {
  /** Insertion order is the order of last use: the first entry is evicted first. */
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedMedia>>();
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly originals: Originals,
    private readonly capBytes: number,
    private readonly log: Logger,
  ) {}

  /** The thumbnail, made at most once however many ask at the same time. */
  get(handle: string, key: string, url: string): Promise<CachedMedia> {
    const id = `${handle}/${key}`;
    const known = this.entries.get(id);
    if (known) {
      this.entries.delete(id);
      this.entries.set(id, known);
      return Promise.resolve(this.served(handle, key, known.bytes));
    }
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.make(handle, key, url).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  /** Drops every thumbnail of a job (the job was deleted). */
  async removeJob(handle: string): Promise<void> {
    for (const [id, e] of this.entries) {
      if (!id.startsWith(`${handle}/`)) continue;
      this.entries.delete(id);
      this.total -= e.bytes;
    }
    await rm(path.join(this.dir, handle), { recursive: true, force: true });
  }

  /** Reads the folder into the index (oldest first) and trims it to the limit. */
  async load(): Promise<void> {
    const found: { id: string; bytes: number; mtimeMs: number }[] = [];
    for (const handle of await readdir(this.dir).catch(() => [] as string[])) {
      const files = await readdir(path.join(this.dir, handle)).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.webp'))) {
        const st = await stat(path.join(this.dir, handle, file)).catch(() => null);
        if (st) found.push({ id: `${handle}/${file.slice(0, -5)}`, bytes: st.size, ...st });
      }
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const f of found) this.remember(f.id, f.bytes);
    await this.evict(null);
  }

  /** Bytes held, for tests and the log. */
  get bytes(): number {
    return this.total;
  }

  private file(handle: string, key: string): string {
    return path.join(this.dir, handle, `${key}.webp`);
  }

  private served(handle: string, key: string, size: number): CachedMedia {
    // A thumbnail is a function of an immutable original: its name and size identify it.
    const etag = `"t${size.toString(36)}-${key}"`;
    const file = this.file(handle, key);
    return { file, contentType: 'image/webp', etag, size, width: null, height: null };
  }

  private async make(handle: string, key: string, url: string): Promise<CachedMedia> {
    const original = await this.originals.get(handle, key, url);
    if (!original.contentType.startsWith('image/')) throw new NotAnImage();
    const webp = await sharp(original.file, { animated: false, limitInputPixels: 1e8 })
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: 2 })
      .toBuffer();
    const file = this.file(handle, key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(tmp, webp);
    await rename(tmp, file);
    const id = `${handle}/${key}`;
    this.remember(id, webp.length);
    await this.evict(id);
    return this.served(handle, key, webp.length);
  }

  private remember(id: string, bytes: number): void {
    const old = this.entries.get(id);
    if (old) this.total -= old.bytes;
    this.entries.delete(id);
    this.entries.set(id, { bytes });
    this.total += bytes;
  }

  /** Least recently used first, never the one just made nor one being made. */
  private async evict(keep: string | null): Promise<void> {
    let evicted = 0;
    for (const [id, e] of this.entries) {
      if (this.total <= this.capBytes) break;
      if (id === keep || this.inFlight.has(id)) continue;
      this.entries.delete(id);
      this.total -= e.bytes;
      evicted++;
      const [handle = '', key = ''] = id.split('/');
      await rm(this.file(handle, key), { force: true });
    }
    if (evicted > 0) this.log.info('thumbnails evicted', { files: evicted, bytes: this.total });
  }
}

/** The media is a video (or anything but an image): it has no thumbnail. */
export class NotAnImage extends Error {
  constructor() {
    super('not an image');
  }
}
