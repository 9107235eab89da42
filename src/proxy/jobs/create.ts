import type { z } from 'zod';
import { formatIssues } from '../../contract/errors';
import { OPERATIONS, type ParentKind } from '../../contract/operations';
import type { CreateJob } from '../../contract/studio-api';
import { isImageOutput, isVideoOutput, type TaskResponse } from '../../contract/task';
import type { Logger, Redactor } from '../log';
import type { CallbackLink, CallbackLinks } from '../push/links';
import type { JobStore } from '../store/jobs';
import type { UploadStore } from '../store/uploads';
import { StudioHttpError, invalidRequest, studioError } from '../studio-error';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamError, toStudioError } from '../upstream/errors';
import { newHandle } from './handle';
import { paramsToKeep } from './params';
import { promptOf, stateFromTask, type JobRecord } from './record';
import { EXPIRED_PARENT } from './to-job';

export interface CreateDeps {
  store: JobStore;
  upstream: Pick<UpstreamClient, 'createTask'>;
  poller: { jobCreated(handle: string, hooked: boolean): void };
  links: Pick<CallbackLinks, 'next' | 'during'>;
  uploads: Pick<UploadStore, 'linkJob'>;
  redact: Redactor;
  log: Logger;
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

function checkParent(input: CreateJob, parent: JobRecord | null): void {
  const kind = OPERATIONS[input.operation].parent;
  const op = input.operation;
  if (parent === null) {
    if (kind === 'image' || kind === 'video') {
      throw invalidRequest(`parentId: is required for ${op} (the job whose ${kind} it works on)`);
    }
    return;
  }
  if (kind === 'none') throw invalidRequest(`parentId: ${op} does not take a parent job`);
  if (parent.status !== 'completed') {
    throw invalidRequest('parentId: the parent job has not completed yet');
  }
  if (parent.upstreamExpired) throw parentExpired();
  const needs = PARENT_OUTPUT[kind];
  const out = parent.output;
  const has = out !== null && (needs === 'image' ? isImageOutput(out) : isVideoOutput(out));
  if (needs !== null && !has) {
    throw invalidRequest(`parentId: ${op} needs a parent job with ${needs}s`);
  }
}

/** The body for the upstream: the browser's fields, the parent's id and our callback. */
function upstreamBody(
  input: CreateJob,
  parent: JobRecord | null,
  link: CallbackLink | null,
  redact: Redactor,
) {
  for (const field of ['jobId', 'callback'] as const) {
    if (field in input.params) {
      const why = field === 'jobId' ? 'name the parent job with parentId' : 'the studio sets it';
      throw invalidRequest(`params.${field}: must not be given (${why})`);
    }
  }
  const body = {
    ...input.params,
    ...(parent ? { jobId: parent.upstreamId } : {}),
    ...(link ? { callback: link.url } : {}),
  };
  const schema: z.ZodType<Record<string, unknown>> = OPERATIONS[input.operation].schema;
  const parsed = schema.safeParse(body);
  // Redacted: a message must never carry the parent's UUID back to the browser.
  if (!parsed.success) throw invalidRequest(redact(formatIssues(parsed.error)));
  return parsed.data;
}

const indexOf = (body: Record<string, unknown>): number | null => {
  const n = body.imageNo ?? body.videoNo;
  return typeof n === 'number' ? n : null;
};

/** Sends one create upstream; no retry, since a lost answer may still have made a task. */
async function sendCreate(
  deps: CreateDeps,
  input: CreateJob,
  body: Record<string, unknown>,
  parent: JobRecord | null,
) {
  let task: TaskResponse;
  try {
    task = await deps.upstream.createTask(input.operation, body);
  } catch (err) {
    // A follow-up refused as not found: the parent is gone upstream (past its TTL).
    if (err instanceof UpstreamError && err.status === 404 && parent) {
      deps.store.markUpstreamGone(parent.handle);
      throw parentExpired();
    }
    if (err instanceof UpstreamError) {
      deps.log.warn('create refused', { operation: input.operation, status: err.status, err });
      throw new StudioHttpError(toStudioError(err));
    }
    throw err;
  }
  if (task.job_id === '') {
    throw new StudioHttpError(
      toStudioError(new UpstreamError(null, 'The image service accepted the task without an id.')),
    );
  }
  return task;
}

/** Validates, creates the task upstream and records it under a new handle. */
export async function createJob(deps: CreateDeps, input: CreateJob): Promise<JobRecord> {
  const parent = input.parentId === undefined ? null : deps.store.get(input.parentId);
  if (input.parentId !== undefined && parent === null) {
    throw new StudioHttpError(
      studioError(404, 'not_found', 'parentId: no such job in this studio.'),
    );
  }
  checkParent(input, parent);
  const link = deps.links.next();
  const body = upstreamBody(input, parent, link, deps.redact);
  const record = await deps.links.during(link?.token ?? null, async () => {
    const task = await sendCreate(deps, input, body, parent);
    return deps.store.insert({
      handle: newHandle(),
      upstreamId: task.job_id,
      parentHandle: parent?.handle ?? null,
      parentIndex: parent ? indexOf(body) : null,
      operation: task.task_type || OPERATIONS[input.operation].taskType,
      prompt: promptOf(body) ?? promptOf(task.input) ?? parent?.prompt ?? '',
      createdAt: task.meta?.created_at ?? new Date().toISOString(),
      dims: {},
      params: paramsToKeep(body, deps.redact),
      task,
      hookToken: link?.token ?? null,
      ...stateFromTask(task, null, deps.redact),
    });
  });
  deps.uploads.linkJob(record.handle, body);
  deps.poller.jobCreated(record.handle, link !== null);
  deps.log.info('job created', { handle: record.handle, operation: record.operation });
  return record;
}
