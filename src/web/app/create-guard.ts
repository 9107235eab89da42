import type { QueryClient } from '@tanstack/react-query';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { StudioError } from '@/contract/studio-api';
import { accountQueries, availableCredits } from '../features/account';
import { findCachedJob } from '../jobs/api/job-events';
import { costOfCreate } from '../jobs/utils/costs';
import { formatAmount } from '../lib/format';
import { taskTypeLabel } from '../lib/task-labels';

/**
 * A create the balance cannot cover, refused before it is sent: what it costs, what is
 * left, and where to look (the error links to the account page). Null when it can go, or
 * when the balance is not known yet (the service then decides, and a 402 says the same).
 */
export function uncoveredCreate(client: QueryClient, body: CreateJobRequest): StudioError | null {
  const account = client.getQueryData(accountQueries.summary().queryKey);
  if (!account) return null;
  const parent = body.parentId === undefined ? undefined : findCachedJob(client, body.parentId);
  const cost = costOfCreate(body, parent?.prompt ?? '');
  const available = availableCredits(account);
  if (cost <= available) return null;
  const what = taskTypeLabel(body.operation.replace(/-/g, '_'));
  return {
    status: 402,
    code: 'insufficient_quota',
    message: `Not enough credits: ${what} costs ${formatAmount(cost)} and the balance is ${formatAmount(available)}.`,
    hint: 'Nothing was sent. Top up credits on the image service’s account, or wait for running jobs to give back what they hold; the Account page shows the balance and where the credits went.',
    retryAfterS: null,
  };
}
