import type { JobCounters } from '@/server/metrics';
import type * as z from 'zod/mini';
import { costOfCreate } from '@/contract/create-cost';
import { promptOfParams } from '@/contract/create-request';
import { formatIssues } from '@/contract/errors';
import { OPERATIONS, type ParentKind } from '@/contract/operations';
import type { CreateJob } from '@/contract/create-job-schema';
import type { StudioError } from '@/contract/studio-api';
import { isImageOutput, isVideoOutput, type TaskResponse } from '@/contract/task';
import type { Logger, Redactor } from '../log';
import type { CallbackLink, CallbackLinks } from '../webhooks/links';
import type { StoredBudgets } from '../store/budgets';
import type { IdempotencyClaim } from '../store/idempotency-keys';
import type { QueuedSend, StoredQueue, TakenCreate } from '../store/queue';
import type { Intent } from '../store/history';
import type { Db } from '../store/schema';
import type { HistoryStore, UploadsStore } from '../store/shared-store';
import { StudioHttpError, invalidRequest, studioError } from '../studio-error';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamError, isDefiniteRefusal, toStudioError } from '../upstream/errors';
import { newHandle } from '../model/ids';
import { stateFromTask, type JobRecord } from '../model/record';
import { EXPIRED_PARENT } from '../model/to-job';
import { keepJobMask } from '../store/masks';
import { maskToKeep, paramsToKeep } from './params';

export interface CreateDeps {
  history: HistoryStore;
  upstream: Pick<UpstreamClient, 'createTask'>;
  poller: { jobCreated(handle: string, hooked: boolean): void };
  links: Pick<CallbackLinks, 'next' | 'during'>;
  uploads: Pick<UploadsStore, 'linkJob'>;
  redact: Redactor;
  log: Logger;
  /** Counts the jobs created, by operation. */
  metrics?: { jobs: Pick<JobCounters, 'created'> };
  /** Each person's credit budget, which a create of theirs must fit before it is sent. */
  budgets?: Pick<StoredBudgets, 'reserve'>;
  /** The create queue: creates the service cannot take yet wait there, in order. */
  queue?: Pick<StoredQueue, 'enqueueIfWaiting' | 'requeue' | 'refused'>;
}

const parentExpired = () =>
  new StudioHttpError(
    studioError(
      410,
      'parent_expired',
      EXPIRED_PARENT,
      'Create the image again, or upload it and use an operation that takes an image URL.',
    ),
  );

const PARENT_OUTPUT: Record<ParentKind, 'image' | 'video' | null> = {
  none: null,
  image: 'image',
  'optional-image': 'image',
  video: 'video',
};

/**
 * Whether the parent can be worked on. That an operation needs, takes or refuses a parent
 * is the create schema's check; what the parent is, only the history knows.
 */
function checkParent(input: CreateJob, parent: JobRecord | null): void {
  if (parent === null) return;
  const kind = OPERATIONS[input.operation].parent;
  if (parent.status !== 'completed') {
    throw invalidRequest('parentId: the parent job has not completed yet');
  }
  if (parent.upstreamExpired) throw parentExpired();
  const needs = PARENT_OUTPUT[kind];
  const out = parent.output;
  const has = out !== null && (needs === 'image' ? isImageOutput(out) : isVideoOutput(out));
  if (needs !== null && !has) {
    throw invalidRequest(`parentId: ${input.operation} needs a parent job with ${needs}s`);
  }
}

/** The body for the upstream: the browser's fields, the parent's id and our callback. */
function upstreamBody(
  input: CreateJob,
  parent: JobRecord | null,
  link: CallbackLink | null,
  redact: Redactor,
) {
  const body = {
    ...input.params,
    ...(parent ? { jobId: parent.upstreamId } : {}),
    ...(link ? { callback: link.url } : {}),
    ...(link?.progress ? { notify_progress: true } : {}),
  };
  const schema: z.ZodMiniType<Record<string, unknown>> = OPERATIONS[input.operation].schema;
  const parsed = schema.safeParse(body);
  // Redacted: a message must never carry the parent's UUID back to the browser.
  if (!parsed.success) throw invalidRequest(redact(formatIssues(parsed.error)));
  return parsed.data;
}

const indexOf = (body: Record<string, unknown>): number | null => {
  const n = body.imageNo ?? body.videoNo;
  return typeof n === 'number' ? n : null;
};

/**
 * A create on its way: the job's handle, the browser's operation, the upstream body;
 * `fromQueue` when it waited in the studio's queue (the browser already has the job).
 */
export interface Sending {
  handle: string;
  operation: CreateJob['operation'];
  body: Record<string, unknown>;
  parent: JobRecord | null;
  fromQueue: boolean;
}

/** The service's answer to a create that it has no room for now: wait for a slot. */
const isBusy = (err: unknown): boolean => err instanceof UpstreamError && err.status === 429;

const OUTCOME_UNKNOWN_HINT =
  'The studio cannot tell whether the image service made this job: the feed shows it as unknown until the service reports on it. Try again: the studio sends the same request under the same key, which brings back this job rather than charging a second one.';

/**
 * A refusal in the browser's terms: the service names the parent `jobId`, which the
 * studio fills from the browser's `parentId` ("jobId: enhance needs a --draft --v 7
 * task as its parent" would name a field nobody typed).
 */
const inStudioTerms = (err: StudioError): StudioError => ({
  ...err,
  message: err.message.replace(/(^|; )jobId:/g, '$1parentId:'),
});

/**
 * The create's failure as the browser sees it; the intent is dropped when the upstream
 * surely made nothing, and shown as unknown otherwise (a callback may still adopt it).
 */
async function createFailed(
  deps: CreateDeps,
  { handle, operation, parent, fromQueue }: Sending,
  err: unknown,
): Promise<unknown> {
  if (isDefiniteRefusal(err) && fromQueue && deps.queue) {
    // The browser has the job already: it fails, with the service's reason.
    await deps.queue.refused(handle, inStudioTerms(toStudioError(err)));
    deps.log.warn('queued create refused', { handle, operation, status: err.status, err });
    return null;
  }
  if (isDefiniteRefusal(err)) {
    await deps.history.discardIntent(handle);
    // A follow-up refused as not found: the parent is gone upstream (past its TTL).
    if (err.status === 404 && parent) {
      await deps.history.markUpstreamGone(parent.handle);
      return parentExpired();
    }
    deps.log.warn('create refused', { operation, status: err.status, err });
    return new StudioHttpError(inStudioTerms(toStudioError(err)));
  }
  await deps.history.markCreateUnknown(handle);
  deps.log.warn('create outcome unknown', { handle, operation, err });
  if (!(err instanceof UpstreamError)) return err;
  return new StudioHttpError({ ...toStudioError(err), hint: OUTCOME_UNKNOWN_HINT });
}

/**
 * A create whose answer was lost after its callback, which another replica received,
 * named its task: the job is known after all, and the browser gets it.
 */
async function adoptedMeanwhile(deps: CreateDeps, handle: string, err: unknown) {
  if (isDefiniteRefusal(err)) return null;
  const job = await deps.history.get(handle);
  return job?.createState === null ? job : null;
}

/**
 * The service has no room for the create (429): it waits in the studio's queue, at the
 * end, or at the front when it was the queue's head. Null without a queue.
 */
async function waitInQueue(deps: CreateDeps, sending: Sending): Promise<JobRecord | null> {
  if (!deps.queue) return null;
  const { handle, operation, body, parent } = sending;
  const send: QueuedSend = { operation, body, parentHandle: parent?.handle ?? null };
  if (!(await deps.queue.requeue(handle, send))) return deps.history.get(handle);
  deps.log.info('create queued', { handle, operation, busy: true });
  return deps.history.get(handle);
}

/**
 * Sends one create upstream; no retry, since a lost answer may still have made a task.
 * Null when a queued create was refused (the job failed) or went away meanwhile.
 */
async function sendCreate(deps: CreateDeps, sending: Sending): Promise<JobRecord | null> {
  const { handle, operation, body } = sending;
  let task: TaskResponse;
  try {
    task = await deps.upstream.createTask(operation, body);
  } catch (err) {
    const adopted = await adoptedMeanwhile(deps, handle, err);
    if (adopted) return adopted;
    if (isBusy(err) && deps.queue) return waitInQueue(deps, sending);
    const failed = await createFailed(deps, sending, err);
    if (failed === null) return null;
    throw failed;
  }
  if (task.job_id === '') {
    const err = new UpstreamError(null, 'The image service accepted the task without an id.');
    throw await createFailed(deps, sending, err);
  }
  const state = stateFromTask(task, null, deps.redact);
  // Only a follow-up without words of its own takes the upstream's echo over the parent's.
  const own = promptOfParams(operation, body);
  const prompt = own === null ? promptOfParams(operation, task.input) : null;
  const record = await deps.history.confirmCreate(handle, task, state, prompt);
  if (!record) throw new Error('job vanished while it was created');
  return record;
}

/** A create checked and ready to be written: its job's handle, intent and upstream body. */
export interface PreparedCreate {
  sending: Sending;
  link: CallbackLink | null;
  intent: Intent;
  /** Its estimated cost, which its maker's budget must hold (`costOfCreate`). */
  estimate: number;
  /** The mask it is sent with, as the studio keeps it with the job (`maskToKeep`). */
  mask: ReturnType<typeof maskToKeep>;
}

/** Checks a create against the history (its parent) and builds what it sends upstream. */
export async function prepareCreate(
  deps: CreateDeps,
  input: CreateJob,
  by: string | null,
): Promise<PreparedCreate> {
  const parent = input.parentId === undefined ? null : await deps.history.get(input.parentId);
  if (input.parentId !== undefined && parent === null) {
    throw new StudioHttpError(
      studioError(404, 'not_found', 'parentId: no such job in this studio.'),
    );
  }
  checkParent(input, parent);
  const link = deps.links.next();
  const body = upstreamBody(input, parent, link, deps.redact);
  const handle = newHandle();
  const intent: Intent = {
    handle,
    hookToken: link?.token ?? null,
    parentHandle: parent?.handle ?? null,
    parentIndex: parent ? indexOf(body) : null,
    operation: OPERATIONS[input.operation].taskType,
    prompt: promptOfParams(input.operation, body) ?? parent?.prompt ?? '',
    params: paramsToKeep(body, deps.redact),
    createdBy: by,
  };
  return {
    sending: { handle, operation: input.operation, body, parent, fromQueue: false },
    link,
    intent,
    // A follow-up's speed is its parent's when it names none: unknown with its prompt.
    estimate: costOfCreate(input, parent ? parent.prompt || null : ''),
    mask: maskToKeep(body, deps.redact),
  };
}

/**
 * Validates, stores the job as an intent, creates the task upstream and records its id.
 * The intent is written before the upstream hears of the job, so that a studio that dies
 * while waiting for the answer still knows the job by its callback token after a restart.
 */
export async function createJob(
  deps: CreateDeps,
  input: CreateJob,
  claim: IdempotencyClaim | null = null,
  by: string | null = null,
): Promise<JobRecord> {
  const { sending, link, intent, estimate, mask } = await prepareCreate(deps, input, by);
  const { handle, body } = sending;
  const budgets = deps.budgets;
  const reserve =
    budgets && by !== null
      ? (trx: Db) => budgets.reserve(trx, { personId: by, handle, estimate })
      : null;
  const queue = deps.queue;
  const queued = { place: null as number | null };
  // Last in the intent's transaction: the mask it was sent with, then the queue's turn.
  const then =
    queue || mask
      ? async (trx: Db) => {
          if (mask) await keepJobMask(trx, handle, mask);
          if (queue)
            queued.place = await queue.enqueueIfWaiting(trx, handle, queuedSendOf(sending));
        }
      : null;
  await deps.history.recordIntent(intent, claim, reserve, then);
  await deps.uploads.linkJob(handle, body);
  if (queued.place !== null) return waiting(deps, handle, queued.place);
  const record = await deps.links.during(link?.token ?? null, () => sendCreate(deps, sending));
  if (!record) throw new Error('job vanished while it was created');
  if (record.createState !== 'queued') created(deps, record, link !== null);
  return record;
}

export const queuedSendOf = ({ operation, body, parent }: Sending): QueuedSend => ({
  operation,
  body,
  parentHandle: parent?.handle ?? null,
});

/** A create that waits in the queue: every browser hears of it now, with its place. */
async function waiting(deps: CreateDeps, handle: string, place: number): Promise<JobRecord> {
  deps.history.changed({ type: 'job', handle });
  deps.log.info('create queued', { handle, place });
  const record = await deps.history.get(handle);
  if (!record) throw new Error('job vanished while it was queued');
  return record;
}

/** The service made the job: its follower is told, and the count goes up. */
function created(deps: CreateDeps, record: JobRecord, hooked: boolean): void {
  deps.poller.jobCreated(record.handle, hooked);
  deps.log.info('job created', { handle: record.handle, operation: record.operation });
  deps.metrics?.jobs.created(record.operation);
}

/**
 * Sends the queue's head (taken by the dispatcher): `sent` when the service made it,
 * `busy` when it has no room (the create is back at the front), `done` when the create
 * ended otherwise (refused: the job failed; or its outcome unknown, as any create's).
 */
export async function sendQueued(
  deps: CreateDeps,
  taken: TakenCreate,
): Promise<'sent' | 'busy' | 'done'> {
  const parent = taken.parentHandle === null ? null : await deps.history.get(taken.parentHandle);
  const sending: Sending = {
    handle: taken.handle,
    operation: taken.operation as CreateJob['operation'],
    body: taken.body,
    parent,
    fromQueue: true,
  };
  let record: JobRecord | null;
  try {
    record = await deps.links.during(taken.hookToken, () => sendCreate(deps, sending));
  } catch (err) {
    deps.log.warn('queued create not made', { handle: taken.handle, err });
    return 'done';
  }
  if (!record) return 'done';
  if (record.createState === 'queued') return 'busy';
  created(deps, record, taken.hookToken !== null);
  return 'sent';
}
