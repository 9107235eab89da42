import { mutationOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { Job, JobList } from '@/contract/studio-api';
import { isTerminal } from '@/contract/task-states';
import { NetworkError, requestJson } from '@/web/lib/http';
import { CreateKeys } from './create-keys';
import { applyJobRemoved, applyJobToSearches, findCachedJob, updateCachedJob } from './job-events';
import { jobQueries, prependJob } from './job-queries';
import { meQuery } from '@/web/lib/me';

export interface CreateJobVariables {
  body: CreateJobRequest;
  /**
   * Fixed per submit (see `submitVariables`): a retried POST carries the same key, so the
   * server makes one task.
   */
  idempotencyKey: string;
}

/** Two creates are the same request when their bodies are. */
export const createFingerprint = (body: CreateJobRequest): string =>
  JSON.stringify([body.operation, body.parentId ?? null, body.params]);

/** The keys of creates whose outcome is unknown, for the page's life. */
const createKeys = new CreateKeys();

/**
 * A new submit of `body`: a fresh key, or the key of the same request's last attempt when
 * it may have made its task, so a second press cannot make a second one.
 */
export const submitVariables = (body: CreateJobRequest): CreateJobVariables => ({
  body,
  idempotencyKey: createKeys.keyFor(createFingerprint(body)),
});

async function postJob({ body, idempotencyKey }: CreateJobVariables): Promise<Job> {
  // Only what the server said of this request counts: a create refused before it is sent
  // (see query-client.ts) tells nothing of an earlier attempt's task.
  const settled = (err: unknown) =>
    createKeys.settled(createFingerprint(body), idempotencyKey, err);
  try {
    const { job } = await requestJson('/studio-api/jobs', 'job', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    settled(null);
    return job;
  } catch (err) {
    settled(err);
    throw err;
  }
}

export interface FavouriteVariables {
  id: string;
  /** True to mark the job a favourite, false to unmark it. */
  on: boolean;
}

async function putFavourite({ id, on }: FavouriteVariables): Promise<Job> {
  const { job } = await requestJson(`/studio-api/jobs/${encodeURIComponent(id)}/favourite`, 'job', {
    method: on ? 'PUT' : 'DELETE',
  });
  return job;
}

/** Deletes a job from the studio's history (not from the image service). */
async function deleteJob(id: string): Promise<string> {
  const { deleted } = await requestJson(`/studio-api/jobs/${encodeURIComponent(id)}`, 'deleted', {
    method: 'DELETE',
  });
  return deleted;
}

export const jobMutationKeys = {
  all: () => ['jobs'] as const,
  create: () => [...jobMutationKeys.all(), 'create'] as const,
  favourite: () => [...jobMutationKeys.all(), 'favourite'] as const,
  remove: () => [...jobMutationKeys.all(), 'remove'] as const,
};

/** Shows a new job at the top of every cached list at once, before the next poll. */
export async function jobCreated(client: QueryClient, job: Job): Promise<void> {
  // A poll already in flight was answered before this job existed; it must not win.
  await client.cancelQueries({ queryKey: jobQueries.lists() });
  // A `job` event may have beaten this answer here. A finished copy must stay: no later
  // event would correct it, and nothing polls while the stream is live. A running one is
  // corrected by the next progress event.
  const finished = (j: Job | undefined): boolean => j !== undefined && isTerminal(j.status);
  client.setQueriesData<JobList>({ queryKey: jobQueries.lists() }, (old) =>
    old && !finished(old.jobs.find((j) => j.id === job.id)) ? prependJob(old, job) : old,
  );
  client.setQueryData<Job>(jobQueries.detail(job.id).queryKey, (old) =>
    finished(old) ? old : job,
  );
  // A filtered list may or may not want it; only the server can say (see job-events.ts).
  applyJobToSearches(client, job);
}

const withFavourite = (on: boolean) => (job: Job) => ({ ...job, favourite: on });

export const jobMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationKey: jobMutationKeys.create(),
      mutationFn: postJob,
      // Only a request that got no answer is retried; the key keeps it to one task.
      retry: (failures: number, err: Error) => failures < 2 && err instanceof NetworkError,
      onSuccess: (job: Job) => jobCreated(client, job),
      // What is left of a budget changed with it (or was found spent): shown again.
      onSettled: () => {
        if (client.getQueryData(meQuery.queryKey)?.budget) {
          void client.invalidateQueries({ queryKey: meQuery.queryKey });
        }
      },
    }),
  /**
   * Stars or unstars a job. Every cached copy changes at once and is put back if the
   * server refuses; the server's answer (and its `job` event) then settles filtered lists.
   */
  favourite: (client: QueryClient) =>
    mutationOptions({
      mutationKey: jobMutationKeys.favourite(),
      mutationFn: putFavourite,
      onMutate: ({ id, on }: FavouriteVariables) => {
        const previous = findCachedJob(client, id)?.favourite ?? false;
        updateCachedJob(client, id, withFavourite(on));
        return { previous };
      },
      onError: (_err: Error, { id }: FavouriteVariables, context) => {
        if (context) updateCachedJob(client, id, withFavourite(context.previous));
      },
      onSuccess: (job: Job) => {
        // Only the flag: the rest of this answer may be older than a job event applied.
        updateCachedJob(client, job.id, withFavourite(job.favourite ?? false));
        // Unstarred in a favourites-only list: it leaves, even with the event stream down.
        const cached = findCachedJob(client, job.id);
        if (cached) applyJobToSearches(client, cached);
      },
    }),
  /** Removes a job from the history; every cached list drops it at the server's answer. */
  remove: (client: QueryClient) =>
    mutationOptions({
      mutationKey: jobMutationKeys.remove(),
      mutationFn: deleteJob,
      onSuccess: (id: string) => applyJobRemoved(client, id),
    }),
};

/** True while a create with the same body is on its way: a double click sends one. */
export const isCreateInFlight = (client: QueryClient, body: CreateJobRequest): boolean =>
  client.isMutating({
    mutationKey: jobMutationKeys.create(),
    predicate: (m) => {
      const vars = m.state.variables as CreateJobVariables | undefined;
      return vars !== undefined && createFingerprint(vars.body) === createFingerprint(body);
    },
  }) > 0;
