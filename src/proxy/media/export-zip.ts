import { createReadStream } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ManifestFile } from '@/contract/exports';
import type { Logger } from '../log';
import type { JobRecord } from '../model/record';
import { mediaEntries } from '../model/to-job';
import type { MediaCache } from './cache';
import { manifestFile, manifestOf, type Relatives } from './manifest';

/** Read from disk in pieces this big: the archive never holds more than one in memory. */
const CHUNK_BYTES = 256 * 1024;

interface ExportDeps {
  media: Pick<MediaCache, 'get'>;
  lineage: (handle: string) => Promise<Relatives>;
  log: Logger;
}

/**
 * The outputs of `jobs` as a ZIP, made as it is read: each file comes from the media cache
 * (fetched once if it is not there), stored as it is (images and clips are compressed
 * already), and `manifest.json` last, listing what was written. Pull-driven, so a slow
 * download holds the studio to one chunk, whatever the archive's size.
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

async function* zipChunks(jobs: readonly JobRecord[], deps: ExportDeps) {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    out.push(data);
  });
  const files: ManifestFile[] = [];
  const names = new Set<string>();
  for (const job of jobs) {
    const relatives = await deps.lineage(job.handle);
    for (const [index, { key, url }] of mediaEntries(job.output).entries()) {
      let media;
      try {
        media = await deps.media.get(job.handle, key, url);
      } catch (err) {
        deps.log.warn('export: a file could not be read', { handle: job.handle, key, err });
        continue;
      }
      const line = manifestFile(job, index, media.contentType, relatives);
      if (names.has(line.file)) continue;
      names.add(line.file);
      const entry = new ZipPassThrough(line.file);
      entry.mtime = new Date(job.endedAt ?? job.createdAt);
      zip.add(entry);
      for await (const piece of createReadStream(media.file, { highWaterMark: CHUNK_BYTES })) {
        entry.push(piece as Uint8Array);
        yield* out.splice(0);
      }
      entry.push(new Uint8Array(0), true);
      files.push(line);
      yield* out.splice(0);
    }
  }
  const manifest = new ZipDeflate('manifest.json', { level: 6 });
  zip.add(manifest);
  const body = JSON.stringify(manifestOf(files, jobs.length, new Date()), null, 2);
  manifest.push(new TextEncoder().encode(body), true);
  zip.end();
  yield* out.splice(0);
}
