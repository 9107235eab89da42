import { mutationOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { BulkRequest, BulkResult } from '@/contract/bulk';
import { requestJson } from '@/web/lib/http';
import { applyJobRemoved, refetchJobLists, updateCachedJob } from '@/web/jobs/api/job-events';

/** One bulk request (`POST /studio-api/jobs/bulk`): what it did, or would do in a dry run. */
const postBulk = (body: BulkRequest): Promise<BulkResult> =>
  requestJson('/studio-api/jobs/bulk', 'bulk', { method: 'POST', body });

export interface BulkVariables {
  /** The parts of one action: a selection longer than one request may name goes in several. */
  requests: BulkRequest[];
  /** The loaded jobs it acts on, changed in the caches at once. */
  shown: readonly string[];
}

/** The parts sent one after another, their counts added up. */
async function sendAll({ requests }: Pick<BulkVariables, 'requests'>): Promise<BulkResult | null> {
  const results: BulkResult[] = [];
  for (const body of requests) results.push(await postBulk(body));
  const [first] = results;
  if (!first) return null;
  const sum = (key: 'matched' | 'changed' | 'skipped') => results.reduce((n, r) => n + r[key], 0);
  return { ...first, matched: sum('matched'), changed: sum('changed'), skipped: sum('skipped') };
}

/**
 * Favourite, unfavourite or delete many jobs: the loaded ones change at once; then every
 * list is read again, since jobs not loaded here (all a filter matches) changed too.
 */
export const bulkMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['jobs', 'bulk'],
    mutationFn: sendAll,
    onMutate: ({ requests, shown }: BulkVariables) => {
      const action = requests[0]?.action;
      if (action === 'delete' || action === undefined) return;
      const on = action === 'favourite';
      for (const id of shown) updateCachedJob(client, id, (job) => ({ ...job, favourite: on }));
    },
    onSuccess: (_result: BulkResult | null, { requests, shown }: BulkVariables) => {
      if (requests[0]?.action === 'delete') for (const id of shown) applyJobRemoved(client, id);
    },
    onSettled: () => refetchJobLists(client),
  });

/** What an action would change (a dry run of every part): the count a confirmation shows. */
export const bulkCount = (requests: BulkRequest[]): Promise<BulkResult | null> =>
  sendAll({ requests: requests.map((r) => ({ ...r, dryRun: true })) });
