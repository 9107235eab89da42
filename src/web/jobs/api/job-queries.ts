import { queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import type { Job, JobList } from '@/contract/studio-api';
import { requestJson } from '@/web/lib/http';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import { isStreamLive } from '@/web/lib/events/stream-store';
import { isRunning } from '../utils/job-view';
import { FEED_LIMIT, feedPath } from './feed-path';

/** The fallback while the event stream is down and something is still running. */
const ACTIVE_POLL_MS = 700;

interface HasJobs {
  jobs: readonly Job[];
}

const hasActiveJobs = (list: HasJobs | undefined): boolean => list?.jobs.some(isRunning) ?? false;

/** While the stream is live, its `job` events keep the list current: no polling. */
export const pollIntervalFor = (list: HasJobs | undefined, streamLive: boolean): number | false =>
  !streamLive && hasActiveJobs(list) ? ACTIVE_POLL_MS : false;

/** The loaded pages of a filtered list (each page's param says where it starts). */
export type SearchData = InfiniteData<JobList, unknown>;

/** Every job of the loaded pages, newest first. */
export const searchJobs = (data: { pages: readonly JobList[] } | undefined): Job[] =>
  data?.pages.flatMap((p) => p.jobs) ?? [];

export interface SearchSpec {
  filter: JobFilter;
  limit: number;
}

/** The filter a search query's key holds (`['jobs','search',{filter,limit,…}]`). */
export function searchSpecOf(key: QueryKey): SearchSpec | null {
  const spec = key[2];
  if (typeof spec !== 'object' || spec === null || !('filter' in spec)) return null;
  return spec as SearchSpec;
}

/** The list with `job` on top, replacing an older copy of it. Newest first, as the server. */
export const prependJob = (list: JobList, job: Job): JobList => ({
  ...list,
  jobs: [job, ...list.jobs.filter((j) => j.id !== job.id)],
});

/** The one place that knows the jobs' query keys and how each is fetched and parsed. */
export const jobQueries = {
  all: () => ['jobs'] as const,
  lists: () => [...jobQueries.all(), 'list'] as const,
  list: (limit: number = FEED_LIMIT) =>
    queryOptions({
      queryKey: [...jobQueries.lists(), { limit }] as const,
      queryFn: ({ signal }) => requestJson(feedPath(limit), 'jobList', { signal }),
      // Read when the observer renders or the query updates; the feed subscribes to the
      // stream's state so a drop or a reconnect re-renders it and re-decides at once.
      refetchInterval: (query) => pollIntervalFor(query.state.data, isStreamLive()),
    }),
  /**
   * Filtered, paged lists (the library's windows of pages: gallery-window.ts). Apart from
   * `lists()` on purpose: their data is pages, and a job event may not simply be put on top
   * of them (see job-events.ts).
   */
  searches: () => [...jobQueries.all(), 'search'] as const,
  /** A job's whole family (the lineage view); `job` events do not patch it, it refetches. */
  tree: (id: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'tree', id] as const,
      queryFn: ({ signal }) =>
        requestJson(`/studio-api/jobs/${encodeURIComponent(id)}/tree`, 'lineageTree', {
          signal,
        }),
    }),
  details: () => [...jobQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...jobQueries.details(), id] as const,
      queryFn: async ({ signal }) => {
        const { job } = await requestJson(`/studio-api/jobs/${encodeURIComponent(id)}`, 'job', {
          signal,
        });
        return job;
      },
    }),
};
