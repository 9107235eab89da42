import { describe, expect, it } from 'vitest';
import { promptOfParams } from '@/contract/create-request';
import { jobSchema } from '@/contract/studio-api';
import { taskResponseSchema } from '@/contract/task';
import { createRedactor } from '../log';
import { fixture } from '../test/fixtures';
import { stateFromTask, type JobRecord } from './record';
import { mediaEntries, toJob } from './to-job';

const redact = createRedactor(['sk-key']);

/** A stored job built from a TaskResponse, as the create and the poller build it. */
function recordOf(name: string, dims: JobRecord['dims'] = {}): JobRecord {
  const task = taskResponseSchema.parse(fixture(name));
  return {
    handle: 'hNdL3_abc-12',
    seq: 1,
    upstreamId: task.job_id,
    parentHandle: null,
    parentIndex: null,
    operation: 'diffusion',
    prompt: promptOfParams('diffusion', task.input) ?? 'a prompt',
    createdAt: task.meta?.created_at ?? '',
    dims,
    favourite: false,
    params: null,
    upstreamExpired: false,
    createState: null,
    queuePlace: null,
    createdBy: null,
    ...stateFromTask(task, null, redact),
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('the hosted service fixtures map to Jobs', () => {
  it('pending: empty-string output and year-1 times become nothing', () => {
    const job = jobSchema.parse(toJob(recordOf('diffusion-pending'), new Map()));
    expect(job).toMatchObject({
      status: 'pending',
      progress: 0,
      createdAt: '2025-12-17T11:08:36Z',
      startedAt: null,
      endedAt: null,
      cost: { frozen: 80, consumed: 0, unit: 'point' },
      output: null,
      error: null,
    });
    expect(JSON.stringify(job)).not.toMatch(UUID);
  });

  it('completed: point usage, media behind handles, actions kept', () => {
    const dims = { grid: { width: 2048, height: 2048 }, '0': { width: 1024, height: 1024 } };
    const job = jobSchema.parse(toJob(recordOf('diffusion-completed', dims), new Map()));
    expect(job.progress).toBe(100);
    expect(job.cost).toEqual({ frozen: 80, consumed: 80, unit: 'point' });
    expect(job.endedAt).toBe('2026-01-04T05:54:58Z');
    expect(job.output?.grid).toEqual({
      url: '/media/hNdL3_abc-12/grid',
      width: 2048,
      height: 2048,
    });
    expect(job.output?.images[0]).toEqual({
      url: '/media/hNdL3_abc-12/0',
      width: 1024,
      height: 1024,
    });
    expect(job.output?.images[3]).toEqual({
      url: '/media/hNdL3_abc-12/3',
      width: null,
      height: null,
    });
    expect(job.output?.seed).toBe('3736631383');
    expect(job.output?.actions).toMatchObject({ reroll: true, upscale: [0, 1, 2, 3] });
    expect(JSON.stringify(job)).not.toMatch(UUID);
    // The upstream URLs stay on the server side, for the media cache; the composite is
    // not among what the feed shows when the four images are there.
    expect(mediaEntries(recordOf('diffusion-completed').output).map((e) => e.key)).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
  });

  it('a failed task carries a studio error with its message, redacted', () => {
    const raw = fixture('diffusion-pending') as Record<string, unknown>;
    const failed = taskResponseSchema.parse({
      ...raw,
      status: 'failed',
      error: {
        code: 400,
        message: 'banned prompt in job 789320d3-4b20-46d3-a804-6165a079176a',
        raw_message: '',
        detail: null,
      },
    });
    const state = stateFromTask(failed, null, redact);
    expect(state.error).toMatchObject({
      status: 400,
      code: 'task_failed',
      message: 'banned prompt in job [id]',
    });
  });

  it('the 403 rejection parses as a TaskResponse with no job', () => {
    const task = taskResponseSchema.parse(fixture('error-403-edit'));
    expect(task).toMatchObject({
      job_id: '',
      status: 'failed',
      output: null,
      meta: null,
      logs: [],
    });
    expect(task.error.code).toBe(403);
  });
});

describe('stateFromTask', () => {
  it('reads progress from the logs while processing and keeps it through retries', () => {
    const raw = fixture('diffusion-pending') as Record<string, unknown>;
    const processing = taskResponseSchema.parse({
      ...raw,
      status: 'processing',
      logs: ['start', 'progress 42%'],
    });
    const first = stateFromTask(processing, null, redact);
    expect(first.progress).toBe(42);
    const retry = taskResponseSchema.parse({ ...raw, status: 'retry', logs: [] });
    expect(stateFromTask(retry, first, redact).progress).toBe(42);
  });
});
