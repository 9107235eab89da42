import { afterEach, describe, expect, it } from 'vitest';
import { jobSchema, type Job, type StudioError } from '@/contract/studio-api';
import { errorTask } from '../test/fake-upstream';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
afterEach(() => stack.stopChecked());

const diffusion = { operation: 'diffusion', params: { text: 'a red fox' } };

async function create(body: unknown = diffusion): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', body);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const read = async (id: string) =>
  jobSchema.parse((await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`)).body.job);

const completed = (id: string) =>
  waitFor(async () => {
    const job = await read(id);
    return job.status === 'completed' ? job : null;
  });

describe('the job view', () => {
  it('names each job in words from its params, in the list and the job alike', async () => {
    stack = await Stack.start();
    const parent = await completed((await create()).id);
    expect(parent.title).toBe('Imagine');
    const upscale = await create({
      operation: 'upscale',
      parentId: parent.id,
      params: { imageNo: 1, type: 1 },
    });
    expect(upscale.title).toBe('Upscale (creative)');
    const list = await stack.json<{ jobs: Job[] }>('/studio-api/jobs');
    expect(list.body.jobs.map((j) => j.title)).toEqual(['Upscale (creative)', 'Imagine']);
  });
});

describe('jobs the upstream has expired', () => {
  it('stay viewable from the cache; their follow-ups are refused with the reason', async () => {
    stack = await Stack.start();
    const job = await completed((await create()).id);
    expect(job.followUpBlocked).toBeNull();
    stack.fake.tasks.clear();
    const upscale = { operation: 'upscale', parentId: job.id, params: { imageNo: 0 } };
    const refused = await stack.post<{ error: StudioError }>('/studio-api/jobs', upscale);
    expect(refused.status).toBe(410);
    expect(refused.body.error.code).toBe('parent_expired');
    expect(refused.body.error.message).toMatch(/no longer has this job/);

    const after = await read(job.id);
    expect(after.followUpBlocked).toMatch(/no longer has this job/);
    for (const url of [
      after.output?.grid?.url,
      ...(after.output?.images ?? []).map((i) => i.url),
    ]) {
      expect((await stack.call(url ?? '')).status).toBe(200);
    }
    // Known now: the next follow-up is refused without asking the upstream.
    const creates = stack.fake.creates.length;
    expect((await stack.post('/studio-api/jobs', upscale)).status).toBe(410);
    expect(stack.fake.creates).toHaveLength(creates);
  });
});

describe('upstream failures', () => {
  it('a 429 is the studio’s to wait out: the create is accepted into its queue', async () => {
    stack = await Stack.start();
    stack.fake.nextCreate = {
      status: 429,
      body: errorTask(429, 'too many'),
      headers: { 'retry-after': '7' },
    };
    const res = await stack.post<{ job: { queued: unknown } }>('/studio-api/jobs', diffusion);
    expect(res.status).toBe(202);
    expect(res.body.job.queued).toEqual({ place: 1 });
    expect(res.rec.headers.get('retry-after')).toBeNull();
  });

  it('a create that times out is reported and never repeated; a read is retried', async () => {
    stack = await Stack.start({ upstreamTimeoutMs: 150 });
    stack.fake.createDelayMs = 600;
    const slow = await stack.post<{ error: StudioError }>('/studio-api/jobs', diffusion);
    expect(slow.status).toBe(502);
    expect(slow.body.error.message).toMatch(/did not answer in time/);
    expect(stack.fake.creates).toHaveLength(1);

    stack.fake.createDelayMs = 0;
    stack.fake.readDelays = [400, 400];
    const job = await create();
    expect((await completed(job.id)).status).toBe('completed');
    // Two reads timed out and were tried again.
    expect(stack.fake.readDelays).toEqual([]);
    expect(stack.fake.jobReads).toBeGreaterThanOrEqual(3);
  });
});

describe('shutdown', () => {
  it('lets requests in flight finish and ends event streams cleanly', async () => {
    stack = await Stack.start();
    const events = await stack.events();
    await events.next((m) => m.event === 'status');
    stack.fake.createDelayMs = 300;
    const inFlight = stack.post<{ job: unknown }>('/studio-api/jobs', diffusion);
    await new Promise((r) => setTimeout(r, 100));
    const stopped = stack.proxy.stop();
    const res = await inFlight;
    expect(res.status).toBe(200);
    await stopped;
    await waitFor(async () => events.ended);
    await expect(fetch(`${stack.proxy.url}/healthz`)).rejects.toThrow();
    expect(stack.logs.some((l) => l.includes('studio proxy stopped'))).toBe(true);
  });
});
