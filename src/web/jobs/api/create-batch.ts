import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Job } from '@/contract/studio-api';
import { NetworkError, StudioApiError, requestJson } from '@/web/lib/http';
import { newIdempotencyKey } from '@/web/lib/idempotency';
import { meQuery } from '@/web/lib/me';
import { jobCreated } from './job-mutations';

type BatchItemStatus = 'waiting' | 'sending' | 'sent' | 'failed' | 'not-sent';

/**
 * One prompt of a batch. Its Idempotency-Key is made once, when the batch is confirmed,
 * and sent again by every retry: the studio answers a repeat with the job the first
 * attempt made, so a retried batch never makes (or charges) a prompt twice.
 */
export interface BatchItem {
  prompt: string;
  key: string;
  status: BatchItemStatus;
  /** Why it was refused: the studio named this prompt. */
  error?: unknown;
}

export const newBatch = (prompts: readonly string[]): BatchItem[] =>
  prompts.map((prompt) => ({ prompt, key: newIdempotencyKey(), status: 'waiting' }));

/** The prompt a refusal names (`creates[2]: …`), or null when it is the whole batch's. */
export function refusedItem(err: unknown): number | null {
  if (!(err instanceof StudioApiError)) return null;
  const match = /^creates\[(\d+)\]/.exec(err.studio.message);
  return match ? Number(match[1]) : null;
}

/**
 * The items after the batch's one request: all sent, or none (the studio queues the
 * whole batch or nothing), the prompt a refusal names marked with it.
 */
export function settleBatch(items: readonly BatchItem[], err: unknown): BatchItem[] {
  if (err === null) return items.map((item) => ({ ...item, status: 'sent', error: undefined }));
  const at = refusedItem(err);
  return items.map((item, i) =>
    i === at ? { ...item, status: 'failed', error: err } : { ...item, status: 'not-sent' },
  );
}

/** The batch as one request: the studio takes every prompt into its queue, in order. */
async function postBatch(items: readonly BatchItem[]): Promise<Job[]> {
  const creates = items.map((item) => ({
    body: { operation: 'diffusion' as const, params: { text: item.prompt } },
    idempotencyKey: item.key,
  }));
  const { jobs } = await requestJson('/studio-api/jobs/batch', 'jobBatch', {
    method: 'POST',
    body: { creates },
  });
  return jobs;
}

/**
 * Sends a batch; its jobs are shown in the feed from the answer, all at once, the last
 * prompt on top. Only a request that got no answer is retried, under the same keys.
 */
export const createBatchMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['jobs', 'create-batch'],
    mutationFn: postBatch,
    retry: (failures: number, err: Error) => failures < 2 && err instanceof NetworkError,
    onSuccess: async (jobs: Job[]) => {
      // In order, so the last is on top; the feed draws them together.
      for (const job of jobs) await jobCreated(client, job);
    },
    // What is left of a budget changed with the batch (or was found spent): shown again.
    onSettled: () => void client.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
