import { open, type FileHandle } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ManifestCollection } from '@/contract/collections';
import type { ManifestFile, ManifestMissing } from '@/contract/exports';
import type { Maker } from '@/contract/studio-api';
import type { Logger } from '../log';
import type { JobRecord } from '../model/record';
import { makerOf, mediaEntries } from '../model/to-job';
import { UpstreamError } from '../upstream/errors';
import type { MediaCache } from './cache';
import type { JobCollection } from '../store/collections';
import { collectionsOfOutput, manifestFile, manifestOf, type Relatives } from './manifest';

/** Read from disk in pieces this big: the archive never holds more than one in memory. */
const CHUNK_BYTES = 256 * 1024;

interface ExportDeps {
  media: Pick<MediaCache, 'get'>;
  lineage: (handle: string) => Promise<Relatives>;
  /** The names of the jobs' makers by id (see `Makers`). */
  names: ReadonlyMap<string, string>;
  /** The collections each job's results sit in, by its handle (`StoredCollections.ofJobs`). */
  collections?: ReadonlyMap<string, readonly JobCollection[]>;
  /** Only the outputs this collection holds (its handle); every output otherwise. */
  only?: string;
  log: Logger;
}

/**
 * The outputs of `jobs` as a ZIP, made as it is read: each file comes from the media cache
 * (fetched once if it is not there), stored as it is (images and clips are compressed
 * already), and `manifest.json` last, listing what was written and what could not be, and
 * why. A file the service fails to send (in time) is tried once more after the others.
 * Pull-driven, so a slow download holds the studio to one chunk, whatever the archive's
 * size.
 */
export function exportZip(
  jobs: readonly JobRecord[],
  deps: ExportDeps,
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(jobs, deps);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** One output asked for, with what its manifest line needs. */
interface Wanted {
  job: JobRecord;
  index: number;
  key: string;
  url: string;
  relatives: Relatives;
  maker: Maker | null;
  collections: ManifestCollection[];
}

/**
 * An output's file, open: once open, the cache evicting it cannot cut it short (its bytes
 * stay readable until closed). Or what kept it from being read.
 */
type Fetched = { ok: true; file: FileHandle; contentType: string } | { ok: false; err: unknown };

async function fetchOne(w: Wanted, deps: ExportDeps): Promise<Fetched> {
  try {
    const media = await deps.media.get(w.job.handle, w.key, w.url);
    return { ok: true, file: await open(media.file, 'r'), contentType: media.contentType };
  } catch (err) {
    deps.log.warn('export: a file could not be read', { handle: w.job.handle, key: w.key, err });
    return { ok: false, err };
  }
}

/** The service says the file is gone: another try cannot bring it back. */
const isGone = (err: unknown): boolean =>
  err instanceof UpstreamError && (err.status === 404 || err.status === 410);

/** Why a file is not in the archive, in words for people, naming nothing of the service's. */
function missingReason(err: unknown): string {
  if (isGone(err)) {
    return 'The image service no longer has this file, and the studio had not kept a copy.';
  }
  // Without a status, the message is the studio's own sentence (no answer in time, no
  // connection); with one, the service's words could name anything, so only the status.
  const why =
    err instanceof UpstreamError
      ? err.status === null
        ? err.message
        : `The image service answered ${err.status} when asked for this file.`
      : err instanceof Error && /timeout|abort/i.test(err.name)
        ? 'The image service did not send this file in time.'
        : 'The studio could not fetch or read this file.';
  return `${why} Tried twice.`;
}

/** The ZIP as it is made: the entries written so far and the pieces not yet read. */
class Archive {
  readonly files: ManifestFile[] = [];
  readonly missing: ManifestMissing[] = [];
  private readonly out: Uint8Array[] = [];
  private readonly names = new Set<string>();
  private readonly zip = new Zip((err, data) => {
    if (err) throw err;
    this.out.push(data);
  });

  /** Writes an open file as the output `w`, giving the archive's bytes as they come. */
  async *add(w: Wanted, file: FileHandle, contentType: string) {
    const line = manifestFile(w.job, w.index, contentType, w.relatives, w.maker, w.collections);
    if (this.names.has(line.file)) return void (await file.close());
    this.names.add(line.file);
    const entry = new ZipPassThrough(line.file);
    entry.mtime = new Date(w.job.endedAt ?? w.job.createdAt);
    this.zip.add(entry);
    for await (const piece of file.createReadStream({ highWaterMark: CHUNK_BYTES })) {
      entry.push(piece as Uint8Array);
      yield* this.out.splice(0);
    }
    entry.push(new Uint8Array(0), true);
    this.files.push(line);
    yield* this.out.splice(0);
  }

  lacks(w: Wanted, err: unknown): void {
    this.missing.push({ job: w.job.handle, output: w.index + 1, reason: missingReason(err) });
  }

  /** `manifest.json` last, and the archive's end. */
  *finish(jobs: number) {
    const manifest = new ZipDeflate('manifest.json', { level: 6 });
    this.zip.add(manifest);
    const body = manifestOf(this.files, this.missing, jobs, new Date());
    manifest.push(new TextEncoder().encode(JSON.stringify(body, null, 2)), true);
    this.zip.end();
    yield* this.out.splice(0);
  }
}

async function* zipChunks(jobs: readonly JobRecord[], deps: ExportDeps) {
  const archive = new Archive();
  const again: Wanted[] = [];
  for (const job of jobs) {
    const relatives = await deps.lineage(job.handle);
    const places = deps.collections?.get(job.handle) ?? [];
    for (const [index, { key, url }] of mediaEntries(job.output).entries()) {
      const collections = collectionsOfOutput(places, index);
      if (deps.only !== undefined && !collections.some((c) => c.id === deps.only)) continue;
      const maker = makerOf(job, deps.names);
      const w = { job, index, key, url, relatives, maker, collections };
      const got = await fetchOne(w, deps);
      if (got.ok) yield* archive.add(w, got.file, got.contentType);
      else if (isGone(got.err)) archive.lacks(w, got.err);
      else again.push(w);
    }
  }
  // A slow or failing service often sends a file a little later: one more try each, once
  // everything else is written.
  for (const w of again) {
    const got = await fetchOne(w, deps);
    if (got.ok) yield* archive.add(w, got.file, got.contentType);
    else archive.lacks(w, got.err);
  }
  yield* archive.finish(jobs.length);
}
