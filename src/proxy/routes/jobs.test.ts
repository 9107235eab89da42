import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDLE_RE, jobListSchema, jobSchema, type Job } from '@/contract/studio-api';
import { GRID, IMAGE } from '../test/fake-upstream';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

const PROMPT = 'a lighthouse in a storm --ar 16:9';

async function create(body: unknown, headers?: Record<string, string>): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', body, headers);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

async function read(id: string): Promise<Job> {
  const res = await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const completed = (id: string) =>
  waitFor(async () => {
    const job = await read(id);
    return job.status === 'completed' ? job : null;
  });

describe('creating and following a job', () => {
  it('creates a job under a handle and shows its progress until it completes', async () => {
    const job = await create({ operation: 'diffusion', params: { text: PROMPT } });
    expect(job.id).toMatch(HANDLE_RE);
    expect(job).toMatchObject({
      status: 'pending',
      progress: 0,
      prompt: PROMPT,
      operation: 'diffusion',
    });
    expect(job.cost).toEqual({ frozen: 80, consumed: 0, unit: 'point' });
    expect(stack.fake.creates[0]?.key).toBe('sk-test-0123456789abcdef');

    const seen = new Set<string>();
    const done = await waitFor(async () => {
      const j = await read(job.id);
      seen.add(`${j.status}:${j.progress}`);
      return j.status === 'completed' ? j : null;
    });
    expect([...seen].some((s) => /^processing:(30|70)$/.test(s))).toBe(true);
    expect(done.progress).toBe(100);
    expect(done.cost.consumed).toBe(80);
    expect(done.output?.seed).toBe('3736631383');
    expect(done.output?.actions.upscale).toEqual([0, 1, 2, 3]);
    // The sizes follow once the images are cached.
    const sized = await waitFor(async () => {
      const j = await read(job.id);
      return j.output?.images.every((i) => i.width !== null) ? j : null;
    });
    expect(sized.output?.images).toEqual(
      [0, 1, 2, 3].map((n) => ({ url: `/media/${job.id}/${n}`, ...IMAGE })),
    );
    // The images were fetched once each, without the key; the 2×2 composite, which the feed
    // does not show beside them, only when asked for.
    expect(sized.output?.grid).toEqual({ url: `/media/${job.id}/grid`, width: null, height: null });
    expect(stack.fake.mediaRequests.map((r) => r.path.slice(-6)).sort()).toEqual([
      '_0.png',
      '_1.png',
      '_2.png',
      '_3.png',
    ]);
    expect(stack.fake.mediaRequests.every((r) => r.apiKey === null)).toBe(true);
    expect((await stack.call(`/media/${job.id}/grid`)).status).toBe(200);
    const withGrid = await read(job.id);
    expect(withGrid.output?.grid).toEqual({ url: `/media/${job.id}/grid`, ...GRID });
  });

  it('serves the grid and images from its cache with immutable caching and ETags', async () => {
    const job = await completed(
      (await create({ operation: 'diffusion', params: { text: PROMPT } })).id,
    );
    const grid = await stack.call(job.output?.grid?.url ?? '');
    expect(grid.status).toBe(200);
    expect(grid.headers.get('content-type')).toBe('image/png');
    expect(grid.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const etag = grid.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect(grid.bytes.subarray(1, 4).toString()).toBe('PNG');

    const again = await stack.call(job.output?.grid?.url ?? '', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    for (const img of job.output?.images ?? [])
      expect((await stack.call(img.url)).status).toBe(200);
    expect(stack.fake.mediaRequests).toHaveLength(5);
  });

  it('fills the parent job id for a follow-up and links the result to its parent', async () => {
    const parent = await completed(
      (await create({ operation: 'diffusion', params: { text: PROMPT } })).id,
    );
    const up = await create({ operation: 'upscale', parentId: parent.id, params: { imageNo: 1 } });
    expect(up).toMatchObject({
      parentId: parent.id,
      parentIndex: 1,
      operation: 'upscale',
      prompt: PROMPT,
    });
    const parentUuid = stack.fake.jobIds()[0];
    expect(stack.fake.creates[1]).toMatchObject({
      operation: 'upscale',
      body: { jobId: parentUuid, imageNo: 1, type: 0 },
    });
    const done = await waitFor(async () => {
      const j = await completed(up.id);
      return j.output?.images[0]?.width ? j : null;
    });
    expect(done.output?.images).toEqual([{ url: `/media/${up.id}/0`, ...IMAGE }]);
    expect(done.output?.grid?.url).toBe(`/media/${up.id}/grid`);
  });

  it('lists jobs newest first with cursor pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create({ operation: 'diffusion', params: { text: `p${i}` } })).id);
    const first = jobListSchema.parse((await stack.json('/studio-api/jobs?limit=2')).body);
    expect(first.jobs.map((j) => j.id)).toEqual([ids[4], ids[3]]);
    // A job created between pages must not shift the next page.
    await create({ operation: 'diffusion', params: { text: 'late' } });
    const second = jobListSchema.parse(
      (await stack.json(`/studio-api/jobs?limit=2&cursor=${first.nextCursor}`)).body,
    );
    expect(second.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    const third = jobListSchema.parse(
      (await stack.json(`/studio-api/jobs?limit=2&cursor=${second.nextCursor}`)).body,
    );
    expect(third.jobs.map((j) => j.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();
    expect((await stack.json('/studio-api/jobs?cursor=abc')).status).toBe(400);
    expect((await stack.json('/studio-api/jobs?limit=0')).status).toBe(400);
  });

  it('pages back up from a page with prevCursor, new jobs included, for a list that drops pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create({ operation: 'diffusion', params: { text: `w${i}` } })).id);
    const page = async (query: string) =>
      jobListSchema.parse((await stack.json(`/studio-api/jobs?limit=2&${query}`)).body);
    const top = await page('');
    expect(top.prevCursor).toBeNull();
    const second = await page(`cursor=${top.nextCursor}`);
    const third = await page(`cursor=${second.nextCursor}`);
    expect(third.jobs.map((j) => j.id)).toEqual([ids[0]]);
    // The window dropped the pages above `third`: the page above it is `second` again.
    const backUp = await page(`after=${third.prevCursor}`);
    expect(backUp.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(backUp.nextCursor).toBe(second.nextCursor);
    const late = (await create({ operation: 'diffusion', params: { text: 'late' } })).id;
    // Above `second`: the two oldest of the newer jobs, then the newest page, which now
    // holds the job made while the user was scrolled away.
    const above = await page(`after=${backUp.prevCursor}`);
    expect(above.jobs.map((j) => j.id)).toEqual([ids[4], ids[3]]);
    const newest = await page(`after=${above.prevCursor}`);
    expect(newest.jobs.map((j) => j.id)).toEqual([late]);
    expect(newest.prevCursor).toBeNull();
    const bad = await stack.json('/studio-api/jobs?after=abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('after: must be the prevCursor');
    const both = await stack.json(`/studio-api/jobs?after=1&cursor=2`);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('either cursor (older jobs) or after');
  });

  it('keeps the history across a restart and finishes jobs that were running', async () => {
    stack.fake.readsToComplete = 1000;
    const running = await create({ operation: 'diffusion', params: { text: 'still running' } });
    stack.fake.readsToComplete = 3;
    const list = async () => jobListSchema.parse((await stack.json('/studio-api/jobs')).body).jobs;
    await stack.restart();
    expect((await list()).map((j) => j.id)).toEqual([running.id]);
    const done = await completed(running.id);
    expect(done.output?.images).toHaveLength(4);
    await stack.restart();
    expect((await read(running.id)).status).toBe('completed');
    expect((await stack.call(`/media/${running.id}/grid`)).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed job id, without echoing it', async () => {
    for (const id of ['AAAAAAAAAAAA', '3f1b2c4d-1111-4222-8333-944445555666']) {
      const res = await stack.json<{ error: { code: string; message: string } }>(
        `/studio-api/jobs/${id}`,
      );
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.rec.text).not.toContain(id);
    }
  });
});
