import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStudioEvent } from '@/contract/events';
import { jobListSchema, jobSchema, type Job } from '@/contract/studio-api';
import { containsUuid } from '../log';
import { Stack, waitFor } from '../test/harness';
import type { SseClient } from '../test/sse-client';

let stack: Stack;
afterEach(async () => {
  // Every body and event of these tests carries params: none may hold a UUID.
  stack.expectNoLeaks();
  await stack.stop();
});

const PROMPT = 'a harbour at dawn --ar 3:2';

async function create(body: unknown): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', body);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const read = async (id: string): Promise<Job> =>
  jobSchema.parse((await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`)).body.job);

const listed = async (): Promise<Job[]> =>
  jobListSchema.parse((await stack.json('/studio-api/jobs')).body).jobs;

/** The last `job` event the stream carried for this job. */
async function fromEvents(sse: SseClient, id: string): Promise<Job> {
  const msg = await sse.next((m) => {
    const e = parseStudioEvent(m.event, m.data);
    return e?.event === 'job' && e.data.job.id === id;
  });
  const e = parseStudioEvent(msg.event, msg.data);
  if (e?.event !== 'job') throw new Error('not a job event');
  return e.data.job;
}

/** Every params_json in the file, read directly: what was stored, not what is served. */
function storedParams(): string[] {
  const db = new Database(path.join(stack.dataDir, 'studio.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT params_json FROM jobs').all() as { params_json: string }[];
    return rows.map((r) => r.params_json);
  } finally {
    db.close();
  }
}

describe("a job's params", () => {
  it('come back from the create, the list, the job, the event stream and a restart', async () => {
    // With callbacks, the upstream gets both fields the proxy adds: jobId and callback.
    stack = await Stack.start({ callbacks: 'auto' });
    const sse = await stack.events();
    const parent = await create({ operation: 'diffusion', params: { text: PROMPT } });
    await waitFor(async () => (await read(parent.id)).status === 'completed');
    const panParams = { imageNo: 3, direction: 3, scale: 1.5 };
    const pan = await create({ operation: 'pan', parentId: parent.id, params: panParams });
    // A field left out is kept as it went upstream, its default filled in: subtle (0).
    const up = await create({ operation: 'upscale', parentId: parent.id, params: { imageNo: 1 } });
    const upParams = { imageNo: 1, type: 0 };
    expect(stack.fake.creates[1]?.body).toMatchObject({
      jobId: expect.any(String),
      callback: expect.any(String),
    });

    expect([parent.params, pan.params, up.params]).toEqual([{ text: PROMPT }, panParams, upParams]);
    expect((await read(pan.id)).params).toEqual(panParams);
    expect((await read(up.id)).params).toEqual(upParams);
    const byId = Object.fromEntries((await listed()).map((j) => [j.id, j.params]));
    expect(byId).toEqual({ [parent.id]: { text: PROMPT }, [pan.id]: panParams, [up.id]: upParams });
    expect((await fromEvents(sse, pan.id)).params).toEqual(panParams);
    expect((await fromEvents(sse, up.id)).params).toEqual(upParams);

    await stack.restart();
    expect((await read(pan.id)).params).toEqual(panParams);
  });

  it('never hold a UUID, and are not kept beyond 8 KB', async () => {
    stack = await Stack.start();
    const parent = await create({ operation: 'diffusion', params: { text: PROMPT } });
    // A URL pasted from elsewhere may name an upstream job; here, a real one of this run.
    const uuid = stack.fake.jobIds()[0] ?? '';
    const blend = await create({
      operation: 'blend',
      params: {
        imgUrls: [
          `https://cdn.example/files/${uuid}_0.png`,
          `https://cdn.example/${uuid.replace(/-/g, '')}.png`,
        ],
      },
    });
    expect(blend.params).toEqual({
      imgUrls: ['https://cdn.example/files/[id]_0.png', 'https://cdn.example/[id].png'],
      aspect_ratio: '1:1',
    });
    // The upstream got the URLs as given; only the history keeps them redacted.
    expect(stack.fake.creates[1]?.body.imgUrls).toEqual([
      `https://cdn.example/files/${uuid}_0.png`,
      `https://cdn.example/${uuid.replace(/-/g, '')}.png`,
    ]);

    const long = await create({ operation: 'diffusion', params: { text: 'x'.repeat(8192) } });
    expect(long.params).toBeNull();
    expect((await read(long.id)).params).toBeNull();
    expect((await read(parent.id)).params).toEqual({ text: PROMPT });

    const stored = storedParams();
    expect(stored).toHaveLength(3);
    expect(stored.filter((p) => p !== null && containsUuid(p))).toEqual([]);
  });
});
