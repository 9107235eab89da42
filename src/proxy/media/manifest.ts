import type { ManifestCollection } from '@/contract/collections';
import type { Manifest, ManifestFile, ManifestMissing } from '@/contract/exports';
import { resultFileName } from '@/contract/file-names';
import type { Maker } from '@/contract/studio-api';
import type { JobRecord } from '../model/record';
import type { JobCollection } from '../store/collections';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** A job's relatives by handle: what `HistoryStore.lineage` answers, reduced. */
export interface Relatives {
  ancestors: readonly { handle: string }[];
  children: readonly { handle: string }[];
}

/** One file of the export: its name in the archive and its line of the manifest. */
export function manifestFile(
  job: JobRecord,
  index: number,
  contentType: string,
  relatives: Relatives,
  maker: Maker | null,
  collections: ManifestCollection[] = [],
): ManifestFile {
  const ext = EXT[contentType] ?? 'bin';
  const { handle, prompt, operation } = job;
  const seed =
    job.output && 'seed' in job.output && job.output.seed !== '' ? job.output.seed : null;
  return {
    file: resultFileName({ prompt, operation, handle, index, ext }),
    job: handle,
    output: index + 1,
    operation,
    prompt,
    params: job.params,
    seed: seed ?? null,
    createdAt: job.createdAt,
    endedAt: job.endedAt,
    parent: job.parentHandle,
    ancestors: relatives.ancestors.map((a) => a.handle),
    children: relatives.children.map((c) => c.handle),
    maker,
    collections,
  };
}

/** `manifest.json`: every file the archive holds, in its order, and those it lacks. */
export const manifestOf = (
  files: ManifestFile[],
  missing: ManifestMissing[],
  jobs: number,
  now: Date,
): Manifest => ({
  exportedAt: now.toISOString(),
  jobs,
  files,
  missing,
});

/** Whether a job's place in a collection holds its output `index`: the whole job, or it. */
const holdsOutput = (p: JobCollection, index: number): boolean =>
  p.image === null || p.image === index;

/** The collections holding output `index` of a job that sits in `places`, once each. */
export function collectionsOfOutput(
  places: readonly JobCollection[],
  index: number,
): ManifestCollection[] {
  const held = places.filter((p) => holdsOutput(p, index));
  return [...new Map(held.map((p) => [p.handle, { id: p.handle, name: p.name }])).values()];
}
