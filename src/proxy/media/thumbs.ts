import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { isThumbSize, type ThumbSize } from '@/contract/thumbnails';
import type { Logger } from '../log';
import type { CachedMedia, MediaCache } from './cache';
import { Turns } from './turns';

const QUALITY = 70;
/** `<key>-<size>.webp`: a file of this cache; anything else in the folder is left over. */
const FILE_RE = /^(grid|\d{1,3})-(\d+)\.webp$/;

type Originals = Pick<MediaCache, 'get'>;

interface Entry {
  bytes: number;
}

/** A thumbnail being made, or waiting for its turn, and who asked for it. */
interface Making {
  made: Promise<CachedMedia>;
  /** Askers still waiting that may leave (their request closed); one that may not: `kept`. */
  askers: number;
  kept: boolean;
  started: boolean;
  /** Aborted when every asker has left before its turn came: it is not made. */
  quit: AbortController;
}

/**
 * Small WebP thumbnails of cached images under
 * STUDIO_DATA_DIR/thumbs/<handle>/<key>-<size>.webp, one file per size asked for, made once
 * with sharp from the media cache's original (never larger than it), within one byte limit
 * for all sizes (least recently used evicted). They are derived from immutable outputs, so
 * a lost one is only made again: the index of sizes and last uses lives in memory, rebuilt
 * from the folder at start (file times give the order).
 */
export class ThumbCache {
  /** Insertion order is the order of last use: the first entry is evicted first. */
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Making>();
  private readonly turns: Turns;
  private total = 0;

  /** Thumbnails waiting for a maker (a metric). */
  get waiting(): number {
    return this.turns.waiting;
  }

  constructor(
    private readonly dir: string,
    private readonly originals: Originals,
    private readonly capBytes: number,
    private readonly log: Logger,
    /** Thumbnails made at once (STUDIO_THUMB_MAKERS); the others wait their turn. */
    makers: number,
  ) {
    this.turns = new Turns(makers);
  }

  /**
   * The thumbnail at `size`, made at most once however many ask at the same time, a few at
   * a time in the order asked. `signal` is the asker's request: once every asker has left
   * before its turn (a browser let go of an image it no longer shows), it is not made and
   * they get `Abandoned`. An asker without a signal always stays.
   */
  get(
    handle: string,
    key: string,
    url: string,
    size: ThumbSize,
    signal?: AbortSignal,
  ): Promise<CachedMedia> {
    const id = `${handle}/${key}-${size}`;
    const known = this.entries.get(id);
    if (known) {
      this.entries.delete(id);
      this.entries.set(id, known);
      return Promise.resolve(this.served(id, known.bytes));
    }
    const making = this.inFlight.get(id) ?? this.startMaking(id, key, url, size);
    if (!signal) making.kept = true;
    else if (!signal.aborted) {
      making.askers++;
      signal.addEventListener('abort', () => this.leave(id, making), { once: true });
    }
    if (!making.kept && making.askers === 0) this.leave(id, making);
    return making.made;
  }

  private startMaking(id: string, key: string, url: string, size: ThumbSize): Making {
    const quit = new AbortController();
    const made = this.turns
      .take(quit.signal)
      .then(async (giveBack) => {
        making.started = true;
        try {
          return await this.make(id, key, url, size);
        } finally {
          giveBack();
        }
      })
      .finally(() => {
        if (this.inFlight.get(id) === making) this.inFlight.delete(id);
      });
    const making: Making = { made, askers: 0, kept: false, started: false, quit };
    this.inFlight.set(id, making);
    return making;
  }

  /** An asker left; the last one to leave before its turn calls it off. */
  private leave(id: string, making: Making): void {
    making.askers = Math.max(0, making.askers - 1);
    if (!making.kept && making.askers === 0) this.callOff(id, making);
  }

  /** Drops a making that has not started: its askers get `Abandoned`, a new asker starts anew. */
  private callOff(id: string, making: Making): void {
    if (making.started) return;
    if (this.inFlight.get(id) === making) this.inFlight.delete(id);
    making.quit.abort();
  }

  /**
   * Drops every thumbnail of a job, of every size (the job was deleted). Those waiting for
   * their turn are called off (their askers get `Abandoned`); those being made are waited
   * for, so none is written after the folder is gone.
   */
  async removeJob(handle: string): Promise<void> {
    const making = [...this.inFlight].filter(([id]) => id.startsWith(`${handle}/`));
    for (const [id, m] of making) this.callOff(id, m);
    await Promise.all(making.map(([, m]) => m.made.catch(() => undefined)));
    for (const [id, e] of this.entries) {
      if (!id.startsWith(`${handle}/`)) continue;
      this.entries.delete(id);
      this.total -= e.bytes;
    }
    // A download or thumbnail still writing into the folder makes one pass fail with
    // ENOTEMPTY: Node tries again a few times.
    await rm(path.join(this.dir, handle), {
      recursive: true,
      force: true,
      maxRetries: 5,
      retryDelay: 20,
    });
  }

  /**
   * Reads the folder into the index (oldest first) and trims it to the limit. Files of no
   * size made today (an older layout, a size since dropped, a write cut short) are removed.
   */
  async load(): Promise<void> {
    const found: { id: string; bytes: number; mtimeMs: number }[] = [];
    for (const handle of await readdir(this.dir).catch(() => [] as string[])) {
      const files = await readdir(path.join(this.dir, handle)).catch(() => [] as string[]);
      for (const file of files) {
        const at = path.join(this.dir, handle, file);
        const size = FILE_RE.exec(file)?.[2];
        if (size === undefined || !isThumbSize(Number(size))) {
          await rm(at, { force: true });
          continue;
        }
        const st = await stat(at).catch(() => null);
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

  /** `<handle>/<key>-<size>`: handles and keys are checked by the route, so no `..`. */
  private file(id: string): string {
    return path.join(this.dir, `${id}.webp`);
  }

  private served(id: string, bytes: number): CachedMedia {
    // A thumbnail is a function of an immutable original: its name and length identify it.
    const etag = `"t${bytes.toString(36)}-${id.slice(id.indexOf('/') + 1)}"`;
    const file = this.file(id);
    return { file, contentType: 'image/webp', etag, size: bytes, width: null, height: null };
  }

  private async make(id: string, key: string, url: string, size: ThumbSize): Promise<CachedMedia> {
    const handle = id.slice(0, id.indexOf('/'));
    const original = await this.originals.get(handle, key, url);
    if (!original.contentType.startsWith('image/')) throw new NotAnImage();
    const webp = await sharp(original.file, { animated: false, limitInputPixels: 1e8 })
      .rotate()
      // A small original keeps its own size: a thumbnail is never larger than it.
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: 2 })
      .toBuffer();
    const file = this.file(id);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(tmp, webp);
    await rename(tmp, file);
    this.remember(id, webp.length);
    await this.evict(id);
    return this.served(id, webp.length);
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
      await rm(this.file(id), { force: true });
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
