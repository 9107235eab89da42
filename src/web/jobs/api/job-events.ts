import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Job, JobList } from '@/contract/studio-api';
import { isTerminal } from '@/contract/task-states';
import type { JobFilter } from '@/web/jobs/api/job-filter';
import type { SearchData } from './job-queries';
import { jobQueries, searchSpecOf } from './job-queries';
import { jobMightMatch } from './job-search';

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

const holds = (data: SearchData, id: string): boolean =>
  data.pages.some((p) => p.jobs.some((j) => j.id === id));

const mapPages = (data: SearchData, fn: (jobs: Job[]) => Job[]): SearchData => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, jobs: fn(p.jobs) })),
});

/**
 * A filtered list after a `job` event. Only the server knows where a job it does not hold
 * belongs, so that is `'refetch'`, unless the job surely does not match (see
 * jobMightMatch), is older than every job loaded while more pages follow, or newer than
 * every job loaded while newer pages precede (the gallery's window). A job it
 * holds is replaced in place, or dropped once it surely no longer matches (a status or
 * favourite filter: nothing else about a job changes).
 */
export function jobChangedInSearch(
  data: SearchData,
  job: Job,
  filter: JobFilter,
): SearchData | 'refetch' {
  const held = holds(data, job.id);
  const matches = jobMightMatch(job, filter);
  if (held) {
    return mapPages(data, (jobs) =>
      matches ? jobs.map((j) => (j.id === job.id ? job : j)) : jobs.filter((j) => j.id !== job.id),
    );
  }
  if (!matches) return data;
  const last = data.pages.at(-1);
  const oldest = last?.jobs.at(-1);
  if (last?.nextCursor && oldest && job.createdAt < oldest.createdAt) return data;
  // A window of pages scrolled away from the newest: a newer job belongs above it, and
  // shows when the window comes back up.
  const newest = data.pages[0]?.jobs[0];
  if (data.pages[0]?.prevCursor && newest && job.createdAt > newest.createdAt) return data;
  return 'refetch';
}

/**
 * An answer on its way may predate a job's last event (one per job, so no storm of
 * restarts) and would overwrite it, and a first load has nothing to patch yet: such a
 * query is asked again. Invalidation alone does not restart a first load, hence the cancel.
 */
function askedAgainForFinish(client: QueryClient, key: QueryKey, job: Job): boolean {
  if (client.getQueryState(key)?.fetchStatus !== 'fetching' || !isTerminal(job.status))
    return false;
  if (askedAgainAfterMore(client, key)) return true;
  const exact = { queryKey: key, exact: true };
  void client.cancelQueries(exact).then(() => client.invalidateQueries(exact));
  return true;
}

/**
 * While a page Load more asked for is on its way, a refetch would cancel it and the page
 * would be lost: it may arrive, then every page is asked again. False when none is.
 */
function askedAgainAfterMore(client: QueryClient, key: QueryKey): boolean {
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== 'fetching' || !query.state.fetchMeta?.fetchMore) return false;
  const unsubscribe = client.getQueryCache().subscribe((e) => {
    if (e.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    void client.invalidateQueries({ queryKey: key, exact: true });
  });
  return true;
}

/** Applies a changed or new job to every cached filtered list, refetching where needed. */
export function applyJobToSearches(client: QueryClient, job: Job): void {
  for (const query of client.getQueryCache().findAll({ queryKey: jobQueries.searches() })) {
    const spec = searchSpecOf(query.queryKey);
    const data = query.state.data as SearchData | undefined;
    if (!spec) continue;
    if (jobMightMatch(job, spec.filter) && askedAgainForFinish(client, query.queryKey, job))
      continue;
    if (data) {
      const next = jobChangedInSearch(data, job, spec.filter);
      if (next === 'refetch') {
        if (!askedAgainAfterMore(client, query.queryKey))
          void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      } else if (next !== data) client.setQueryData<SearchData>(query.queryKey, next);
    }
  }
}

/** Applies a `job` event to every cached list and to the job's detail, if cached. */
export function applyJobChanged(client: QueryClient, job: Job): void {
  for (const [key, list] of client.getQueriesData<JobList>({ queryKey: jobQueries.lists() })) {
    if (askedAgainForFinish(client, key, job)) continue;
    if (list) client.setQueryData<JobList>(key, jobChangedInList(list, job, isFirstPage(key)));
  }
  applyJobToSearches(client, job);
  client.setQueryData<Job>(jobQueries.detail(job.id).queryKey, (old) => (old ? job : old));
}

/**
 * Applies a `queue` event: each queued job's new place, in every cached copy. Nothing is
 * added or reordered (the feed's order is its creation time), and a job no longer queued
 * in the cache (sent meanwhile, its own event first) keeps what it is.
 */
export function applyQueuePlaces(
  client: QueryClient,
  places: readonly { id: string; place: number }[],
): void {
  for (const { id, place } of places) {
    updateCachedJob(client, id, (job) => (job.queued ? { ...job, queued: { place } } : job));
  }
}

export function applyJobRemoved(client: QueryClient, id: string): void {
  client.setQueriesData<JobList>({ queryKey: jobQueries.lists() }, (old) =>
    old ? jobRemovedFromList(old, id) : old,
  );
  client.setQueriesData<SearchData>({ queryKey: jobQueries.searches() }, (old) =>
    old && holds(old, id) ? mapPages(old, (jobs) => jobs.filter((j) => j.id !== id)) : old,
  );
  client.removeQueries({ queryKey: jobQueries.detail(id).queryKey, exact: true });
}

/** The job as any cache holds it: its detail, or a copy in a list. */
export function findCachedJob(client: QueryClient, id: string): Job | undefined {
  const detail = client.getQueryData<Job>(jobQueries.detail(id).queryKey);
  if (detail) return detail;
  for (const [, list] of client.getQueriesData<JobList>({ queryKey: jobQueries.lists() })) {
    const job = list?.jobs.find((j) => j.id === id);
    if (job) return job;
  }
  for (const [, data] of client.getQueriesData<SearchData>({ queryKey: jobQueries.searches() })) {
    const job = data?.pages.flatMap((p) => p.jobs).find((j) => j.id === id);
    if (job) return job;
  }
  return undefined;
}

/**
 * Changes every cached copy of a job in place (an optimistic update, or its rollback);
 * nothing is added or reordered.
 */
export function updateCachedJob(client: QueryClient, id: string, update: (job: Job) => Job): void {
  const inJobs = (jobs: Job[]) => jobs.map((j) => (j.id === id ? update(j) : j));
  client.setQueriesData<JobList>({ queryKey: jobQueries.lists() }, (old) =>
    old?.jobs.some((j) => j.id === id) ? { ...old, jobs: inJobs(old.jobs) } : old,
  );
  client.setQueriesData<SearchData>({ queryKey: jobQueries.searches() }, (old) =>
    old && holds(old, id) ? mapPages(old, inJobs) : old,
  );
  client.setQueryData<Job>(jobQueries.detail(id).queryKey, (old) => (old ? update(old) : old));
}

/** A `reset`: the proxy cannot replay what was missed, so refetch every job query. */
export const refetchJobs = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: jobQueries.all() });

/** After a reconnect, once: a list may have missed a job created while the stream was down. */
export const refetchJobLists = (client: QueryClient): Promise<void> =>
  Promise.all([
    client.invalidateQueries({ queryKey: jobQueries.lists() }),
    client.invalidateQueries({ queryKey: jobQueries.searches() }),
  ]).then(() => undefined);
