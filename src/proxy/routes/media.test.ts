import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobSchema, type Job } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

async function create(body: unknown): Promise<Job> {
  return jobSchema.parse((await stack.post<{ job: unknown }>('/studio-api/jobs', body)).body.job);
}

const read = async (id: string) =>
  jobSchema.parse((await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`)).body.job);

const settled = (id: string) =>
  waitFor(async () => {
    const job = await read(id);
    return job.status === 'completed' || job.status === 'failed' ? job : null;
  });

describe('media', () => {
  it('streams video with range requests', async () => {
    const parent = await settled(
      (await create({ operation: 'diffusion', params: { text: 'x' } })).id,
    );
    const video = await settled(
      (await create({ operation: 'video-diffusion', parentId: parent.id, params: { imageNo: 2 } }))
        .id,
    );
    expect(video.parentIndex).toBe(2);
    expect(video.output?.videos.map((v) => v.url)).toEqual(
      [0, 1, 2, 3].map((n) => `/media/${video.id}/${n}`),
    );
    const url = `/media/${video.id}/0`;
    const whole = await stack.call(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = whole.bytes.length;

    const part = await stack.call(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(part.bytes.equals(whole.bytes.subarray(0, 100))).toBe(true);

    const tail = await stack.call(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(whole.bytes.subarray(size - 10))).toBe(true);

    const beyond = await stack.call(url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('answers 404 for unknown media and for jobs that have none yet', async () => {
    const running = await create({ operation: 'diffusion', params: { text: 'x' } });
    for (const path of [
      `/media/${running.id}/grid`,
      '/media/AAAAAAAAAAAA/0',
      `/media/${running.id}/../../studio.sqlite`,
      `/media/${running.id}/-1`,
    ]) {
      expect((await stack.call(path)).status).toBe(404);
    }
    const done = await settled(running.id);
    expect((await stack.call(`/media/${done.id}/4`)).status).toBe(404);
    expect((await stack.call(`/media/${done.id}/3`)).status).toBe(200);
  });
});

describe('the poller', () => {
  it('retries reads that fail with 5xx and still completes the job', async () => {
    const job = await create({ operation: 'diffusion', params: { text: 'x' } });
    stack.fake.readFailures = [500, 502, 503, 500];
    const done = await settled(job.id);
    expect(done.status).toBe('completed');
  });

  // The fake's jobs say they were created in January 2026, long before the expiry grace.
  it('marks a job the upstream no longer knows as expired', async () => {
    const job = await create({ operation: 'diffusion', params: { text: 'x' } });
    stack.fake.tasks.clear();
    const done = await settled(job.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ code: 'expired' });
    expect(done.error?.message).toMatch(/no longer has this job/);
  });

  it('reads an unchanging job less and less often', async () => {
    stack.fake.readsToComplete = 1_000_000;
    await create({ operation: 'diffusion', params: { text: 'x' } });
    // Base 30 ms growing ×1.5: over 1.5 s far fewer reads than 1500 / 30 = 50.
    await new Promise((r) => setTimeout(r, 1500));
    expect(stack.fake.jobReads).toBeGreaterThan(3);
    expect(stack.fake.jobReads).toBeLessThan(20);
  });

  it('bounds the reads in flight however many jobs run', async () => {
    stack.fake.readsToComplete = 2;
    const jobs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        create({ operation: 'diffusion', params: { text: `p${i}` } }),
      ),
    );
    for (const job of jobs) expect((await settled(job.id)).status).toBe('completed');
    expect(stack.fake.maxConcurrentReads).toBeLessThanOrEqual(4);
  });
});
