import { afterEach, describe, expect, it } from 'vitest';
import { jobMaskEnvelopeSchema } from '@/contract/masks';
import type { MaskArea } from '@/contract/requests/common';
import { jobSchema, type Job } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { PASSWORD, asJson, createAs, finished, team } from '../test/team';
import { STORE_KINDS } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';

let stack: Stack | null = null;
let release = () => undefined as void;
afterEach(async () => {
  release();
  await stack?.stopChecked();
  stack = null;
});

const { studioOn, freshDatabase } = studiosOn();

type Refusal = { error: { code: string; message: string } };

/** A polygon of `n` points round the middle of a 1000 × 1000 area. */
function ring(n: number): MaskArea {
  const points: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    points.push(Math.round(500 + 400 * Math.cos(a)), Math.round(500 + 400 * Math.sin(a)));
  }
  return { width: 1000, height: 1000, points };
}

async function inpaint(
  s: Stack,
  cookie: string,
  parentId: string,
  mask: unknown,
  status = 200,
): Promise<Job> {
  const res = await s.json<{ job: unknown }>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', {
      operation: 'inpaint',
      parentId,
      params: { imageNo: 0, mask, remixPrompt: 'a flock of birds' },
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return jobSchema.parse(res.body.job);
}

const maskOf = (s: Stack, cookie: string, id: string) =>
  s.json<unknown>(`/studio-api/jobs/${id}/mask`, { headers: { cookie } });

describe.each(STORE_KINDS)('the mask a job was sent with (%s)', (kind) => {
  it('is kept whole past the params bound, read by anyone who may read the job, and goes with it', async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies } = await team(s, ['member', 'viewer']);
    const [ana, viewer] = [cookies.member0 ?? '', cookies.viewer1 ?? ''];
    const parent = await createAs(s, ana, 'a harbour at dawn');
    await finished(s, ana, parent.id);

    // Over 8 KB of polygons: the job keeps no params, the studio keeps its mask.
    const big = { areas: [ring(1500), ring(40)] };
    expect(JSON.stringify(big).length).toBeGreaterThan(8 * 1024);
    const varied = await inpaint(s, ana, parent.id, big);
    expect(varied.params).toBeNull();
    for (const cookie of [ana, viewer, cookies.owner ?? '']) {
      const read = await maskOf(s, cookie, varied.id);
      expect(read.status).toBe(200);
      expect(jobMaskEnvelopeSchema.parse(read.body).mask).toEqual(big);
    }

    // A batch's items keep theirs as a single create does.
    const batch = await s.json<{ jobs: unknown[] }>(
      '/studio-api/jobs/batch',
      asJson(ana, 'POST', {
        creates: [
          {
            body: {
              operation: 'inpaint',
              parentId: parent.id,
              params: { imageNo: 1, mask: { areas: [ring(30)] }, remixPrompt: 'kites' },
            },
            idempotencyKey: 'batch-mask-1',
          },
        ],
      }),
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    const queued = jobSchema.parse(batch.body.jobs[0]);
    expect((await maskOf(s, viewer, queued.id)).body).toEqual({ mask: { areas: [ring(30)] } });
    // Sent and done, so the creates below find no queue to wait behind.
    await finished(s, ana, queued.id);

    // A mask image's address is kept, anything UUID-shaped in it redacted as in params.
    const uuid = s.fake.jobIds()[0] ?? '';
    const byUrl = await inpaint(s, ana, parent.id, { url: `https://cdn.example/m/${uuid}.png` });
    expect((await maskOf(s, viewer, byUrl.id)).body).toEqual({
      mask: { url: 'https://cdn.example/m/[id].png' },
    });

    // Sent without a mask, unknown, or not a job id at all: 404, each saying why.
    const none = await maskOf(s, ana, parent.id);
    expect(none.status).toBe(404);
    expect((none.body as Refusal).error).toMatchObject({
      code: 'no_mask',
      message: 'This job was sent without a mask, so the studio keeps none for it.',
    });
    const unknown = await maskOf(s, ana, 'AAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect((unknown.body as Refusal).error.code).toBe('not_found');
    expect((await maskOf(s, ana, 'not a handle')).status).toBe(404);

    // Signed out: refused.
    expect((await s.call(`/studio-api/jobs/${varied.id}/mask`)).status).toBe(401);

    // Deleted, the job's mask is gone with it, and the other stays.
    await finished(s, ana, varied.id);
    const deleted = await s.json(`/studio-api/jobs/${varied.id}`, asJson(ana, 'DELETE'));
    expect(deleted.status).toBe(200);
    expect((await maskOf(s, ana, varied.id)).status).toBe(404);
    if (kind === 'sqlite') {
      const kept = s.rows('SELECT job_handle FROM job_masks') as { job_handle: string }[];
      expect(kept.map((r) => r.job_handle).sort()).toEqual([byUrl.id, queued.id].sort());
    }
  });
});

describe.each(STORE_KINDS)('the mask of a queued create (%s)', (kind) => {
  it('is kept while the create waits, goes with a cancel, and is what the service receives', async () => {
    const databaseUrl = kind === 'postgres' ? await freshDatabase() : undefined;
    stack = await Stack.start({ studioPassword: PASSWORD, maxRunning: 1, databaseUrl });
    const s = stack;
    const { cookies } = await team(s, ['member']);
    const ana = cookies.member0 ?? '';
    const parent = await createAs(s, ana, 'a harbour at dawn');
    await finished(s, ana, parent.id);

    // The one slot is taken by a create the service has not answered: the next ones wait.
    s.fake.createGate = new Promise<void>((resolve) => (release = resolve));
    void s.call(
      '/studio-api/jobs',
      asJson(ana, 'POST', { operation: 'diffusion', params: { text: 'x' } }),
    );
    await waitFor(async () => s.fake.creates.length === 2);
    const mask = { areas: [ring(12)] };
    const cancelled = await inpaint(s, ana, parent.id, mask, 202);
    const waiting = await inpaint(s, ana, parent.id, { areas: [ring(20)] }, 202);
    expect((await maskOf(s, ana, cancelled.id)).body).toEqual({ mask });
    expect((await s.json(`/studio-api/jobs/${cancelled.id}`, asJson(ana, 'DELETE'))).status).toBe(
      200,
    );
    expect((await maskOf(s, ana, cancelled.id)).status).toBe(404);

    release();
    await waitFor(async () => s.fake.creates.length === 3);
    const sent = s.fake.creates[2]?.body.mask;
    expect((await maskOf(s, ana, waiting.id)).body).toEqual({ mask: sent });
  });
});

const MASKS = '/studio-api/masks';
const IMAGE = '/media/jobAAAAAAAAA1/0';
const at = (image: string, name?: string) =>
  `${MASKS}?${new URLSearchParams({ image, ...(name === undefined ? {} : { name }) }).toString()}`;
const packed = { width: 640, height: 480, runs: '9x.1k.8g0' };

describe.each(STORE_KINDS)('saved masks over HTTP (%s)', (kind) => {
  it("a member saves, lists and deletes their own by image and name, and never sees another's", async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies } = await team(s, ['member', 'member', 'viewer']);
    const [ana, ben, viewer] = [
      cookies.member0 ?? '',
      cookies.member1 ?? '',
      cookies.viewer2 ?? '',
    ];
    const list = (cookie: string, image = IMAGE) =>
      s.json<{ masks: { name: string; mask: unknown }[] }>(at(image), { headers: { cookie } });

    const made = await s.json<{ mask: unknown }>(
      MASKS,
      asJson(ana, 'POST', { image: IMAGE, name: ' Sky ', mask: packed }),
    );
    expect(made.status).toBe(201);
    expect(made.body.mask).toMatchObject({ image: IMAGE, name: 'Sky', mask: packed });
    expect((await list(ana)).body.masks).toEqual([made.body.mask]);
    expect((await list(ana, '/media/other/0')).body.masks).toEqual([]);
    expect((await list(ben)).body.masks).toEqual([]);

    // Ben, by the image and name of Ana's: not found, and hers stays.
    const byBen = await s.json<Refusal>(at(IMAGE, 'Sky'), asJson(ben, 'DELETE'));
    expect(byBen.status).toBe(404);
    expect(byBen.body.error.message).toBe('You have no saved mask of that name for this image.');
    expect((await list(ana)).body.masks).toHaveLength(1);

    expect((await s.json(at(IMAGE, 'Sky'), asJson(ana, 'DELETE'))).body).toEqual({
      deleted: 'Sky',
    });
    expect((await list(ana)).body.masks).toEqual([]);

    // A viewer cannot create, so keeps no masks.
    const byViewer = await s.json<Refusal>(
      MASKS,
      asJson(viewer, 'POST', { image: IMAGE, name: 'V', mask: packed }),
    );
    expect(byViewer.status).toBe(403);
    expect((await list(viewer)).status).toBe(403);

    // A page on another site cannot save one in a member's name.
    const crossSite = await s.call(MASKS, {
      ...asJson(ana, 'POST', { image: IMAGE, name: 'Sneaky', mask: packed }),
      headers: { cookie: ana, 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await list(ana)).body.masks).toEqual([]);
  });

  it('refuses a bad mask, naming the field and what it allows', async () => {
    stack = await studioOn(kind);
    const s = stack;
    const { cookies } = await team(s, ['member']);
    const ana = cookies.member0 ?? '';
    const refusal = async (body: unknown) => {
      const res = await s.json<Refusal>(MASKS, asJson(ana, 'POST', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.error.message;
    };
    expect(await refusal({ image: IMAGE, name: '  ', mask: packed })).toBe(
      'name: must be a string of 1 to 80 characters',
    );
    expect(await refusal({ image: IMAGE, name: 'x'.repeat(81), mask: packed })).toBe(
      'name: must be a string of 1 to 80 characters',
    );
    expect(await refusal({ image: 'x'.repeat(2049), name: 'A', mask: packed })).toBe(
      'image: must be a string of 1 to 2048 characters',
    );
    expect(await refusal({ image: IMAGE, name: 'A', mask: { ...packed, runs: '1,2' } })).toBe(
      'mask.runs: must be run lengths in base 36, dot-separated',
    );
    expect(await refusal({ image: IMAGE, name: 'A', mask: { ...packed, width: 0 } })).toBe(
      'mask.width: must be an integer between 1 and 16384',
    );
    const long = { ...packed, runs: '1.'.repeat(100_001) + '1' };
    expect(await refusal({ image: IMAGE, name: 'A', mask: long })).toBe(
      'mask.runs: must be at most 200000 characters',
    );
    const noImage = await s.json<Refusal>(MASKS, { headers: { cookie: ana } });
    expect(noImage.status).toBe(400);
    expect(noImage.body.error.message).toBe('image: must be a string of 1 to 2048 characters');
  });
});
