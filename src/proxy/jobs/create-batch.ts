import type { CreateBatch } from '@/contract/create-batch';
import type { QueueDispatcher } from './dispatcher';
import type { StoredBudgets } from '../store/budgets';
import { KeyTaken } from '../store/idempotency-keys';
import { keepJobMask } from '../store/masks';
import type { StoredQueue } from '../store/queue';
import type { Db } from '../store/schema';
import { StudioHttpError, invalidRequest, studioError } from '../studio-error';
import type { JobRecord } from '../model/record';
import { prepareCreate, queuedSendOf, type CreateDeps, type PreparedCreate } from './create';
import { checkKey, conflict, fingerprintOf } from './idempotency';

export interface BatchDeps extends CreateDeps {
  budgets?: Pick<StoredBudgets, 'reserve' | 'reserveAll'>;
  queue: Pick<StoredQueue, 'enqueueIfWaiting' | 'requeue' | 'refused' | 'enqueueAll'>;
  /** The queue's dispatcher, woken so that the first creates are sent at once. */
  dispatcher?: Pick<QueueDispatcher, 'wake'>;
}

const KEEP_MS = 24 * 60 * 60 * 1000;

/** A refusal of one item, its message led by the item's index. */
function ofItem(index: number, err: unknown): unknown {
  if (!(err instanceof StudioHttpError)) return err;
  const { error } = err;
  return new StudioHttpError({ ...error, message: `creates[${index}]: ${error.message}` });
}

/** A batch item: a job a repeated key brought back, or a create ready to be queued. */
type Item =
  | { index: number; job: JobRecord }
  | { index: number; create: PreparedCreate; key: string; fingerprint: string };

/** Each item's key checked (a key twice in one batch too), and its job if it made one. */
async function itemsOf(deps: BatchDeps, batch: CreateBatch, by: string | null): Promise<Item[]> {
  const seen = new Map<string, number>();
  const items: Item[] = [];
  for (const [index, { body, idempotencyKey: key }] of batch.creates.entries()) {
    const field = `creates[${index}].idempotencyKey`;
    checkKey(key, field);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw invalidRequest(
        `${field}: the same as creates[${earlier}]'s; each create needs its own`,
      );
    }
    seen.set(key, index);
    const fingerprint = fingerprintOf(body, by);
    const done = await deps.history.findIdempotent(key);
    const job = done ? await deps.history.get(done.handle) : null;
    if (done && job) {
      if (done.fingerprint !== fingerprint) throw conflict(field);
      items.push({ index, job });
      continue;
    }
    try {
      items.push({ index, create: await prepareCreate(deps, body, by), key, fingerprint });
    } catch (err) {
      throw ofItem(index, err);
    }
  }
  return items;
}

const keyBusy = (index: number) =>
  new StudioHttpError(
    studioError(
      503,
      'unavailable',
      `creates[${index}].idempotencyKey: another request with this key is being created.`,
      'Send the same batch again in a moment: nothing of it was queued.',
      2,
    ),
  );

/**
 * Takes a batch of creates into the studio's queue, in order, in one transaction: their
 * intents and keys, the budget reserved for them all (or the batch refused, nothing
 * queued), their places at the end of the queue. A create whose key an earlier request
 * used is that request's job instead. The dispatcher then sends them as slots free, as
 * it sends any queued create. The jobs, in the batch's order.
 */
export async function createBatch(
  deps: BatchDeps,
  batch: CreateBatch,
  by: string | null,
): Promise<JobRecord[]> {
  await deps.history.pruneIdempotent(new Date(Date.now() - KEEP_MS));
  const items = await itemsOf(deps, batch, by);
  const fresh = items.flatMap((item) => ('create' in item ? [item] : []));
  const budgets = deps.budgets;
  const reserve =
    budgets && by !== null && fresh.length > 0
      ? (trx: Db) =>
          budgets.reserveAll(
            trx,
            by,
            fresh.map(({ create }) => ({
              handle: create.sending.handle,
              estimate: create.estimate,
            })),
          )
      : null;
  const enqueue = async (trx: Db) => {
    // The mask each was sent with, kept as a single create keeps it.
    for (const { create } of fresh) {
      if (create.mask) await keepJobMask(trx, create.sending.handle, create.mask);
    }
    await deps.queue.enqueueAll(
      trx,
      fresh.map(({ create }) => ({
        handle: create.sending.handle,
        send: queuedSendOf(create.sending),
      })),
    );
  };
  if (fresh.length > 0) {
    const rows = fresh.map(({ create, key, fingerprint }) => ({
      intent: create.intent,
      claim: { key, fingerprint },
    }));
    try {
      await deps.history.recordIntents(rows, reserve, enqueue);
    } catch (err) {
      // Another request claimed one of the keys a moment before: nothing was written.
      if (err instanceof KeyTaken) throw keyBusy(fresh.find((f) => f.key === err.key)?.index ?? 0);
      throw err;
    }
    for (const { create } of fresh) {
      await deps.uploads.linkJob(create.sending.handle, create.sending.body);
      deps.history.changed({ type: 'job', handle: create.sending.handle });
    }
    deps.log.info('batch queued', {
      creates: fresh.length,
      repeated: items.length - fresh.length,
    });
  }
  // Read before the dispatcher takes the first: the answer shows the batch as it queued.
  const jobs: JobRecord[] = [];
  for (const item of items) {
    const job = 'job' in item ? item.job : await deps.history.get(item.create.sending.handle);
    if (!job) throw new Error('a batch job vanished while it was queued');
    jobs.push(job);
  }
  if (fresh.length > 0) deps.dispatcher?.wake(false);
  return jobs;
}
