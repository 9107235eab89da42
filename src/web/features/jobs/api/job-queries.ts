import { queryOptions } from '@tanstack/react-query';
import type { Job, JobList } from '../../../../contract/studio-api';
import { jobEnvelopeSchema, jobListSchema } from '../../../../contract/studio-api';
import { isTerminal } from '../../../../contract/task';
import { requestJson } from '../../../lib/http';
import { isStreamLive } from '../../../lib/stream-store';

const FEED_LIMIT = 50;
/** The fallback while the event stream is down and something is still running. */
const ACTIVE_POLL_MS = 700;

const hasActiveJobs = (list: JobList | undefined): boolean =>
  list?.jobs.some((j) => !isTerminal(j.status)) ?? false;

/** While the stream is live, its `job` events keep the list current: no polling. */
export const pollIntervalFor = (list: JobList | undefined, streamLive: boolean): number | false =>
  !streamLive && hasActiveJobs(list) ? ACTIVE_POLL_MS : false;

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
      queryFn: ({ signal }) =>
        requestJson(`/studio-api/jobs?limit=${limit}`, jobListSchema, { signal }),
      // Read when the observer renders or the query updates; the feed subscribes to the
      // stream's state so a drop or a reconnect re-renders it and re-decides at once.
      refetchInterval: (query) => pollIntervalFor(query.state.data, isStreamLive()),
    }),
  details: () => [...jobQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...jobQueries.details(), id] as const,
      queryFn: async ({ signal }) => {
        const { job } = await requestJson(
          `/studio-api/jobs/${encodeURIComponent(id)}`,
          jobEnvelopeSchema,
          { signal },
        );
        return job;
      },
    }),
};
