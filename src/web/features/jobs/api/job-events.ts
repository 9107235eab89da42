import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Job, JobList } from '../../../../contract/studio-api';
import { jobQueries } from './job-queries';

/** A list query's key is `['jobs','list',{limit,cursor?}]`; only the first page has no cursor. */
const isFirstPage = (key: QueryKey): boolean => {
  const params = key[2];
  return !(typeof params === 'object' && params !== null && 'cursor' in params && params.cursor);
};

/**
 * The list after a `job` event: the job replaced where it is, or, when the list does not
 * hold it, put on top of a first page if it is not older than the newest there (a change
 * to an old job that lives on a later page must not jump to the top).
 */
export function jobChangedInList(list: JobList, job: Job, firstPage: boolean): JobList {
  if (list.jobs.some((j) => j.id === job.id)) {
    return { ...list, jobs: list.jobs.map((j) => (j.id === job.id ? job : j)) };
  }
  const newest = list.jobs[0];
  if (!firstPage || (newest && job.createdAt < newest.createdAt)) return list;
  return { ...list, jobs: [job, ...list.jobs] };
}

/** The list after a `job-removed` event; the same object when it did not hold the job. */
export function jobRemovedFromList(list: JobList, id: string): JobList {
  return list.jobs.some((j) => j.id === id)
    ? { ...list, jobs: list.jobs.filter((j) => j.id !== id) }
    : list;
}

/** Applies a `job` event to every cached list and to the job's detail, if cached. */
export function applyJobChanged(client: QueryClient, job: Job): void {
  for (const [key, list] of client.getQueriesData<JobList>({ queryKey: jobQueries.lists() })) {
    if (list) client.setQueryData<JobList>(key, jobChangedInList(list, job, isFirstPage(key)));
  }
  client.setQueryData<Job>(jobQueries.detail(job.id).queryKey, (old) => (old ? job : old));
}

export function applyJobRemoved(client: QueryClient, id: string): void {
  client.setQueriesData<JobList>({ queryKey: jobQueries.lists() }, (old) =>
    old ? jobRemovedFromList(old, id) : old,
  );
  client.removeQueries({ queryKey: jobQueries.detail(id).queryKey, exact: true });
}

/** A `reset`: the proxy cannot replay what was missed, so refetch every job query. */
export const refetchJobs = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: jobQueries.all() });

/** After a reconnect, once: a list may have missed a job created while the stream was down. */
export const refetchJobLists = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: jobQueries.lists() });
