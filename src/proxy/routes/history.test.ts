import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseStudioEvent } from '@/contract/events';
import {
  jobListSchema,
  jobSchema,
  lineageSchema,
  type Job,
  type StudioError,
} from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

async function create(body: unknown): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', body);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const done = (id: string) =>
  waitFor(async () => {
    const job = jobSchema.parse(
      (await stack.json<{ job: unknown }>(`/studio-api/jobs/${id}`)).body.job,
    );
    return job.status === 'completed' ? job : null;
  });

const list = async (query: string) =>
  jobListSchema.parse((await stack.json(`/studio-api/jobs?${query}`)).body).jobs.map((j) => j.id);

const send = (method: string, url: string) =>
  stack.json<{ job?: Job; deleted?: string; error?: StudioError }>(url, { method });

describe('history over the API', () => {
  it('filters, searches and marks favourites', async () => {
    const fox = await done(
      (await create({ operation: 'diffusion', params: { text: 'a red fox' } })).id,
    );
    // The follow-up stays running, so that a status filter tells it from its parent.
    stack.fake.readsToComplete = 1_000_000;
    const up = await create({ operation: 'upscale', parentId: fox.id, params: { imageNo: 0 } });
    const owl = await create({ operation: 'diffusion', params: { text: 'an owl at night' } });
    expect(await list('operation=upscale')).toEqual([up.id]);
    expect(await list('q=fox')).toEqual([up.id, fox.id]);
    expect(await list('q=fox&status=completed')).toEqual([fox.id]);
    expect(await list('from=2026-01-04&to=2026-01-04')).toEqual([owl.id, up.id, fox.id]);
    expect(await list('to=2026-01-03')).toEqual([]);

    const events = await stack.events();
    const fav = await send('PUT', `/studio-api/jobs/${owl.id}/favourite`);
    expect(fav.body.job?.favourite).toBe(true);
    await events.next((m) => {
      const e = parseStudioEvent(m.event, m.data);
      return e?.event === 'job' && e.data.job.id === owl.id && e.data.job.favourite === true;
    });
    expect(await list('favourite=true')).toEqual([owl.id]);
    expect((await send('DELETE', `/studio-api/jobs/${owl.id}/favourite`)).body.job?.favourite).toBe(
      false,
    );
    expect(await list('favourite=true')).toEqual([]);
    expect((await send('PUT', '/studio-api/jobs/AAAAAAAAAAAA/favourite')).status).toBe(404);

    const bad = await stack.json<{ error: StudioError }>(
      '/studio-api/jobs?status=done&from=yesterday',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/status/);
    expect(bad.body.error.message).toMatch(/from: must be a date/);
  });

  it('answers lineage, and deletes finished jobs with their media', async () => {
    const parent = await done((await create({ operation: 'diffusion', params: { text: 'x' } })).id);
    const child = await done(
      (await create({ operation: 'variation', parentId: parent.id, params: { imageNo: 1 } })).id,
    );
    const lineage = lineageSchema.parse(
      (await stack.json(`/studio-api/jobs/${child.id}/lineage`)).body,
    );
    expect(lineage.ancestors.map((j) => j.id)).toEqual([parent.id]);
    const down = lineageSchema.parse(
      (await stack.json(`/studio-api/jobs/${parent.id}/lineage`)).body,
    );
    expect(down.children.map((j) => j.id)).toEqual([child.id]);

    stack.fake.readsToComplete = 1000;
    const running = await create({ operation: 'diffusion', params: { text: 'still going' } });
    const refused = await send('DELETE', `/studio-api/jobs/${running.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('job_running');

    const events = await stack.events();
    const mediaDir = path.join(stack.dataDir, 'media', parent.id);
    expect(existsSync(mediaDir)).toBe(true);
    expect((await send('DELETE', `/studio-api/jobs/${parent.id}`)).body).toEqual({
      deleted: parent.id,
    });
    await events.next(
      (m) => m.event === 'job-removed' && m.data === JSON.stringify({ id: parent.id }),
    );
    expect(existsSync(mediaDir)).toBe(false);
    expect((await stack.call(`/studio-api/jobs/${parent.id}`)).status).toBe(404);
    expect((await stack.call(`/media/${parent.id}/grid`)).status).toBe(404);
    expect((await send('DELETE', `/studio-api/jobs/${parent.id}`)).status).toBe(404);
    // The child keeps its link, and still works.
    const after = jobSchema.parse(
      (await stack.json<{ job: unknown }>(`/studio-api/jobs/${child.id}`)).body.job,
    );
    expect(after.parentId).toBe(parent.id);
    expect((await stack.call(`/media/${child.id}/0`)).status).toBe(200);
    expect(await list('')).toEqual([running.id, child.id]);
  });
});
