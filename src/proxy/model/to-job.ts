import { jobTitleOf } from '@/contract/job-title';
import type { Job, JobOutput, Maker, MediaItem } from '@/contract/studio-api';
import { isImageOutput, isTextOutput, isVideoOutput, type TaskOutput } from '@/contract/task';
import type { JobRecord, MediaDims } from './record';

/**
 * The same-origin address of one media file; the upstream URL stays on the server. Keys
 * are `grid` for the composite and `0`..`n` for the images (or videos) of a job.
 */
const mediaPath = (handle: string, key: string): string => `/media/${handle}/${key}`;

/** The upstream URL behind a media key, or null when the job has no such media. */
export function upstreamMediaUrl(output: TaskOutput | null, key: string): string | null {
  if (output === null) return null;
  if (key === 'grid') return isImageOutput(output) && output.image_url ? output.image_url : null;
  if (!/^\d{1,3}$/.test(key)) return null;
  const n = Number(key);
  if (isImageOutput(output) && output.image_urls.length > 0) return output.image_urls[n] ?? null;
  if (isVideoOutput(output)) return output.video_urls[n] ?? null;
  return null;
}

/**
 * The media a job shows, by key with its upstream URL: its images or clips, and the 2×2
 * composite only when it has nothing else. The feed shows a grid as its four images, so
 * the composite is fetched only when something asks for it.
 */
export function mediaEntries(output: TaskOutput | null): { key: string; url: string }[] {
  if (output === null) return [];
  const urls = isImageOutput(output)
    ? output.image_urls
    : isVideoOutput(output)
      ? output.video_urls
      : [];
  if (urls.length > 0) return urls.map((url, n) => ({ key: String(n), url }));
  const grid = upstreamMediaUrl(output, 'grid');
  return grid ? [{ key: 'grid', url: grid }] : [];
}

function item(handle: string, key: string, dims: MediaDims): MediaItem {
  const d = dims[key];
  return { url: mediaPath(handle, key), width: d?.width ?? null, height: d?.height ?? null };
}

function toOutput(handle: string, output: TaskOutput, dims: MediaDims): JobOutput {
  const image = isImageOutput(output) ? output : null;
  const video = isVideoOutput(output) ? output : null;
  return {
    grid: image?.image_url ? item(handle, 'grid', dims) : null,
    images: (image?.image_urls ?? []).map((_, n) => item(handle, String(n), dims)),
    videos: (video?.video_urls ?? []).map((_, n) => item(handle, String(n), dims)),
    prompts: isTextOutput(output) ? output.prompts : [],
    seed: 'seed' in output && output.seed !== '' ? output.seed : null,
    actions: image?.available_actions ?? {},
  };
}

/** Why an expired job takes no follow-ups; the same words as the refusal of one. */
export const EXPIRED_PARENT =
  'The image service no longer has this job (it keeps jobs for a few days), so no follow-up can be made from it. Its outputs stay viewable here; to work on one, download it and upload it as a new image.';

/** What a job whose create's answer was lost shows until the service reports on it. */
const CREATE_UNKNOWN =
  'Unknown: the studio lost the image service’s answer while creating this job (the studio stopped, or the answer never came), so it cannot tell whether the job was made. It appears here as soon as the service reports on it; dismiss it if it never does.';

/** What a job shows as its maker's name when that person's row is gone. */
export const UNKNOWN_MAKER = 'Someone removed';

/** A job's maker by id and name, from the names of makers by id (see `Makers`). */
export const makerOf = (
  rec: Pick<JobRecord, 'createdBy'>,
  names: ReadonlyMap<string, string>,
): Maker | null =>
  rec.createdBy === null
    ? null
    : { id: rec.createdBy, name: names.get(rec.createdBy) ?? UNKNOWN_MAKER };

/** What a stored job is, in words (see `jobTitleOf`). */
export const titleOfRecord = (rec: JobRecord): string =>
  jobTitleOf({
    operation: rec.operation,
    params: rec.params,
    parentId: rec.parentHandle,
    prompt: rec.prompt,
  });

/**
 * The browser's view of a job: handles and same-origin media paths only. `names`: the
 * names of makers by id (see `Makers`).
 */
export function toJob(rec: JobRecord, names: ReadonlyMap<string, string>): Job {
  return {
    id: rec.handle,
    parentId: rec.parentHandle,
    parentIndex: rec.parentIndex,
    operation: rec.operation,
    title: titleOfRecord(rec),
    prompt: rec.prompt,
    status: rec.status,
    progress: rec.progress,
    createdAt: rec.createdAt,
    startedAt: rec.startedAt,
    endedAt: rec.endedAt,
    cost: rec.cost,
    output: rec.output === null ? null : toOutput(rec.handle, rec.output, rec.dims),
    error: rec.error,
    favourite: rec.favourite,
    params: rec.params,
    followUpBlocked: rec.status === 'completed' && rec.upstreamExpired ? EXPIRED_PARENT : null,
    createUnknown: rec.createState === 'unknown' ? CREATE_UNKNOWN : null,
    queued: rec.queuePlace === null ? null : { place: rec.queuePlace },
    maker: makerOf(rec, names),
  };
}
