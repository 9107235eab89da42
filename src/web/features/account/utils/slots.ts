import type { AccountSummary, StateCounts } from '@/contract/account-summary';

const STATES = ['staged', 'pending', 'processing', 'retry'] as const;

/** The account's tasks per state: the service's per-model counts, else its task list. */
export function stateCounts(a: AccountSummary): StateCounts {
  const counts: StateCounts = { staged: 0, pending: 0, processing: 0, retry: 0 };
  if (a.byModel !== null) {
    for (const model of Object.values(a.byModel)) {
      for (const s of STATES) counts[s] += model[s];
    }
    return counts;
  }
  for (const t of a.tasks) {
    const s = STATES.find((x) => x === t.status);
    if (s) counts[s] += 1;
  }
  return counts;
}

/** Tasks holding a slot of the concurrency limit (staged ones wait for one). */
export const slotsUsed = (c: StateCounts): number => c.pending + c.processing + c.retry;
