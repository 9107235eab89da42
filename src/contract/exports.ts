import * as z from 'zod/mini';
import { manifestCollectionSchema } from './collections';
import { handleSchema } from './handle';
import { commaList, jobFilterSchema, makerSchema } from './studio-api';
import { taskTypeSchema } from './task';

/** The most jobs one ZIP holds, chosen one by one or as everything a filter matches. */
export const EXPORT_MAX_IDS = 500;
export const EXPORT_MAX_JOBS = 5000;

/**
 * `GET /studio-api/exports/results.zip`: the outputs of the jobs named by `ids` (a
 * selection), or of every job the filter matches (the library's filters, no `ids`). With
 * `collection`, only the results the collection holds (a whole job, or single images).
 */
export const exportQuerySchema = z.extend(jobFilterSchema, {
  ids: z.optional(
    commaList(
      z
        .array(handleSchema, { error: 'must be a comma-separated list of job ids' })
        .check(z.minLength(1, { error: 'must name at least one job' }))
        .check(z.maxLength(EXPORT_MAX_IDS, { error: `must name at most ${EXPORT_MAX_IDS} jobs` })),
    ),
  ),
});

/** One file of an export and the job it came from: handles only, never a service id. */
const manifestFileSchema = z.object({
  file: z.string(),
  job: handleSchema,
  /** Its number among the job's outputs, from 1. */
  output: z.number().check(z.int()).check(z.minimum(1)),
  operation: taskTypeSchema,
  prompt: z.string(),
  params: z.nullable(z.record(z.string(), z.unknown())),
  seed: z.nullable(z.string()),
  createdAt: z.string(),
  endedAt: z.nullable(z.string()),
  /** The job it was made from, and that one's ancestors up to the root (root first). */
  parent: z.nullable(handleSchema),
  ancestors: z.array(handleSchema),
  /** The jobs made from this one that the history still holds. */
  children: z.array(handleSchema),
  /** Who made the job (id and name); null when the studio does not know. */
  maker: z.nullable(makerSchema),
  /** The collections holding this file: its whole job, or this one image. */
  collections: z.array(manifestCollectionSchema),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

/** An output that was asked for but is not in the archive, and why, in words for people. */
const manifestMissingSchema = z.object({
  job: handleSchema,
  /** Its number among the job's outputs, from 1. */
  output: z.number().check(z.int()).check(z.minimum(1)),
  reason: z.string(),
});
export type ManifestMissing = z.infer<typeof manifestMissingSchema>;

/**
 * `manifest.json`, the last entry of every export: the files it holds and those it could
 * not (every output asked for is in one list or the other).
 */
export const manifestSchema = z.object({
  exportedAt: z.string(),
  jobs: z.number().check(z.int()),
  files: z.array(manifestFileSchema),
  missing: z.array(manifestMissingSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
