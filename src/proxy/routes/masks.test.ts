import { afterEach, describe, expect, it } from 'vitest';
import { jobMaskEnvelopeSchema } from '@/contract/masks';
import type { MaskArea } from '@/contract/requests/common';
import { jobSchema, type Job } from '@/contract/studio-api';
import type { Stack } from '../test/harness';
import { asJson, createAs, finished, team } from '../test/team';
import { STORE_KINDS } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const { studioOn } = studiosOn();

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

async function inpaint(s: Stack, cookie: string, parentId: string, mask: unknown): Promise<Job> {
  const res = await s.json<{ job: unknown }>(
    '/studio-api/jobs',
    asJson(cookie, 'POST', {
      operation: 'inpaint',
      parentId,
      params: { imageNo: 0, mask, remixPrompt: 'a flock of birds' },
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
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
    if (kind === 'sqlite') expect(s.rows('SELECT job_handle FROM job_masks')).toHaveLength(1);
  });
});
