import { afterEach, describe, expect, it } from 'vitest';
import { parseStudioEvent } from '@/contract/events';
import { jobListSchema, jobSchema, type Job, type StudioError } from '@/contract/studio-api';
import { errorTask } from '../test/fake-upstream';
import { Stack, waitFor } from '../test/harness';
import type { Received } from '../test/sse-client';

let stack: Stack;
afterEach(() => stack.stopChecked());

const diffusion = { operation: 'diffusion', params: { text: 'a lighthouse in a storm' } };

const post = (headers: Record<string, string> = {}) =>
  stack.post<{ job?: unknown; error?: StudioError }>('/studio-api/jobs', diffusion, headers);

/** The job a `job` event carries, when it matches. */
const jobIn = (m: Received, match: (j: Job) => boolean): Job | null => {
  const e = parseStudioEvent(m.event, m.data);
  return e?.event === 'job' && match(e.data.job) ? e.data.job : null;
};

const list = async () => jobListSchema.parse((await stack.json('/studio-api/jobs')).body).jobs;

/** Waits for the event of a job matching `match` and returns that job. */
async function eventOf(sse: Awaited<ReturnType<Stack['events']>>, match: (j: Job) => boolean) {
  const m = await sse.next((msg) => jobIn(msg, match) !== null);
  return jobSchema.parse(jobIn(m, match));
}

const unknown = (j: Job) => typeof j.createUnknown === 'string';

describe('creates whose answer is lost', () => {
  it('a cut connection after the task was made: shown as unknown, then adopted by its callback', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const sse = await stack.events();
    stack.fake.cutCreateAnswers = true;
    stack.fake.callbackAfterMs = 400;

    const res = await post();
    expect(res.status).toBe(502);
    expect(res.body.error?.hint).toMatch(/shows it as unknown/);
    const lost = await eventOf(sse, unknown);
    expect(lost).toMatchObject({ status: 'pending', prompt: diffusion.params.text, output: null });
    expect(lost.createUnknown).toMatch(/cannot tell whether the job was made/);
    expect((await list()).map((j) => [j.id, j.createUnknown !== null])).toEqual([[lost.id, true]]);

    const done = await eventOf(sse, (j) => j.id === lost.id && j.status === 'completed');
    expect(done.createUnknown).toBeNull();
    expect(done.output?.images).toHaveLength(4);
    const sized = await eventOf(sse, (j) => j.id === lost.id && j.output?.images[0]?.width === 32);
    expect(sized.output?.images.every((i) => i.width === 32)).toBe(true);
    expect(stack.fake.deliveries).toEqual([{ url: expect.any(String), status: 200 }]);
    expect((await stack.call(`/media/${lost.id}/grid`)).status).toBe(200);
    expect(stack.fake.tasks.size).toBe(1);
  });

  it('a callback that came while the create timed out adopts the job it reports on', async () => {
    stack = await Stack.start({ callbacks: 'auto', upstreamTimeoutMs: 150 });
    const sse = await stack.events();
    stack.fake.callbackAfterMs = 20;
    stack.fake.answerDelayMs = 1000;

    const res = await post();
    expect(res.status).toBe(502);
    expect(res.body.error?.message).toMatch(/did not answer in time/);
    const done = await eventOf(sse, (j) => j.status === 'completed');
    expect(done).toMatchObject({ createUnknown: null, prompt: diffusion.params.text });
    await waitFor(async () => stack.fake.deliveries[0]?.status === 200);
    expect((await list()).map((j) => j.id)).toEqual([done.id]);
  });

  it('a callback before a slow but good answer is held for the job that answer makes', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    stack.fake.callbackAfterMs = 10;
    stack.fake.answerDelayMs = 300;
    const res = await post();
    expect(res.status).toBe(200);
    const job = jobSchema.parse(res.body.job);
    expect(job.createUnknown).toBeNull();
    await waitFor(async () => (await list())[0]?.status === 'completed');
    expect(stack.fake.deliveries).toEqual([{ url: expect.any(String), status: 200 }]);
  });

  it('a retry under the same key gets the unknown job, and no second task is asked for', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    stack.fake.cutCreateAnswers = true;
    stack.fake.callbackAfterMs = 60_000;
    const key = { 'idempotency-key': 'submit-lost-1' };
    expect((await post(key)).status).toBe(502);
    const again = await post(key);
    expect(again.status).toBe(200);
    const job = jobSchema.parse(again.body.job);
    expect(job.createUnknown).toMatch(/Unknown/);
    expect(stack.fake.creates).toHaveLength(1);
  });

  it('without callbacks a lost create stays unknown, is never polled, and can be dismissed', async () => {
    stack = await Stack.start({ callbacks: 'off' });
    stack.fake.cutCreateAnswers = true;
    expect((await post()).status).toBe(502);
    const [lost] = await list();
    expect(lost?.createUnknown).toMatch(/Unknown/);
    // Several poll intervals (POLL_MS 30): the poller has no id to read it by.
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.fake.jobReads).toBe(0);
    expect((await list()).map((j) => j.createUnknown !== null)).toEqual([true]);
    const del = await stack.json(`/studio-api/jobs/${lost?.id ?? ''}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await list()).toEqual([]);
  });

  it('a refused create or an unreachable service leaves no job and no event', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const sse = await stack.events();
    stack.fake.nextCreate = { status: 402, body: errorTask(402, 'insufficient quota') };
    expect((await post()).status).toBe(402);
    stack.fake.nextCreate = { status: 503, body: errorTask(503, 'under maintenance') };
    expect((await post()).status).toBe(503);
    await stack.fake.stop();
    const unreachable = await post();
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error?.message).toMatch(/could not be reached/);
    expect(await list()).toEqual([]);
    expect(sse.messages.filter((m) => m.event.startsWith('job'))).toEqual([]);
  });
});
