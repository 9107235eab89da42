import { StudioApiError } from '@/web/lib/http';
import { newIdempotencyKey } from '@/web/lib/idempotency';

/** How many creates of a batch are on their way at once. */
const BATCH_IN_FLIGHT = 3;

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
  /** Why it failed, as thrown (a refusal or no answer). */
  error?: unknown;
}

export const newBatch = (prompts: readonly string[]): BatchItem[] =>
  prompts.map((prompt) => ({ prompt, key: newIdempotencyKey(), status: 'waiting' }));

/**
 * Whether a failed create stops the rest: anything but a refusal of that prompt itself
 * (400, 422) does. A budget spent, a role taken away, a service refusing or unreachable
 * would refuse every following prompt just the same.
 */
function stopsTheRest(err: unknown): boolean {
  if (!(err instanceof StudioApiError)) return true;
  return err.studio.status !== 400 && err.studio.status !== 422;
}

interface RunOptions {
  post: (item: BatchItem) => Promise<unknown>;
  /** Called with each change of an item, by its index. */
  update: (index: number, change: Partial<BatchItem>) => void;
  /** True once the person asked to stop: no further prompt is started. */
  halted: () => boolean;
  inFlight?: number;
}

/**
 * Sends every item not yet sent, started in the batch's order (so the feed shows them in
 * that order, newest last), at most `inFlight` at once. A failure that stops the rest, or
 * a halt, leaves the prompts not started `not-sent`; those already on their way finish.
 */
export async function runBatch(
  items: readonly BatchItem[],
  { post, update, halted, inFlight = BATCH_IN_FLIGHT }: RunOptions,
): Promise<void> {
  const todo = items.flatMap((item, i) => (item.status === 'sent' ? [] : [i]));
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (next < todo.length && !stopped && !halted()) {
      const index = todo[next++] ?? 0;
      const item = items[index];
      if (!item) continue;
      update(index, { status: 'sending', error: undefined });
      try {
        await post(item);
        update(index, { status: 'sent' });
      } catch (err) {
        update(index, { status: 'failed', error: err });
        if (stopsTheRest(err)) stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, todo.length) }, worker));
  for (const index of todo.slice(next)) update(index, { status: 'not-sent' });
}
