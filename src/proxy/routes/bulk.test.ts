import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkResultSchema, type BulkResult } from '@/contract/bulk';
import { jobListSchema, jobSchema, type Job, type StudioError } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

async function create(text: string): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', {
    operation: 'diffusion',
    params: { text },
  });
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const completed = (query: string, count: number) =>
  waitFor(async () => {
    const { jobs } = jobListSchema.parse((await stack.json(`/studio-api/jobs?${query}`)).body);
    return jobs.filter((j) => j.status === 'completed').length === count ? jobs : null;
  });

const ids = async (query: string) =>
  jobListSchema
    .parse((await stack.json(`/studio-api/jobs?${query}&limit=200`)).body)
    .jobs.map((j) => j.id);

async function bulk(body: unknown): Promise<BulkResult> {
  const res = await stack.post<unknown>('/studio-api/jobs/bulk', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return bulkResultSchema.parse(res.body);
}

const refusal = async (body: unknown) => {
  const res = await stack.post<{ error: StudioError }>('/studio-api/jobs/bulk', body);
  return { status: res.status, message: res.body.error.message };
};

describe('bulk actions over the API', () => {
  it('favourites and deletes every job a filter matches, counted first, new jobs untouched', async () => {
    for (const word of ['amber', 'basalt', 'cobalt']) await create(`kite ${word}`);
    await create('unrelated owl');
    const kites = await completed('q=kite', 3);
    await completed('q=owl', 1);

    const filter = { q: 'kite', status: 'completed' };
    const count = await bulk({ action: 'delete', filter, dryRun: true });
    expect(count).toMatchObject({ action: 'delete', matched: 3, changed: 3, skipped: 0 });
    expect(await ids('q=kite')).toHaveLength(3);
    // A job made after the count is not among those the user confirmed.
    const late = await create('kite late');
    await completed('q=kite', 4);
    const pinned = { ...filter, cursor: count.cursor! };

    expect(await bulk({ action: 'favourite', filter: pinned })).toMatchObject({
      matched: 3,
      changed: 3,
    });
    expect((await ids('favourite=true')).sort()).toEqual(kites.map((j) => j.id).sort());
    expect((await bulk({ action: 'favourite', filter: pinned })).changed).toBe(0);

    const events = await stack.events();
    const media = path.join(stack.dataDir, 'media', kites[0]!.id);
    expect(existsSync(media)).toBe(true);
    expect(await bulk({ action: 'delete', filter: pinned })).toMatchObject({
      matched: 3,
      changed: 3,
    });
    await events.next((m) => m.event === 'job-removed' && m.data.includes(kites[0]!.id));
    expect(existsSync(media)).toBe(false);
    expect((await stack.call(`/media/${kites[0]!.id}/0`)).status).toBe(404);
    expect(await ids('q=kite')).toEqual([late.id]);
    expect(await ids('q=owl')).toHaveLength(1);
  });

  it('acts on jobs named by id, leaves running ones, and ignores unknown ones', async () => {
    const a = await create('first');
    const b = await create('second');
    await completed('', 2);
    stack.fake.readsToComplete = 1_000_000;
    const running = await create('still going');
    const named = [a.id, b.id, running.id, 'AAAAAAAAAAAA'];

    expect(await bulk({ action: 'favourite', ids: named })).toMatchObject({
      matched: 3,
      changed: 3,
      cursor: null,
    });
    expect((await bulk({ action: 'unfavourite', ids: [a.id] })).changed).toBe(1);
    expect(await ids('favourite=true')).toEqual([running.id, b.id]);
    expect(await bulk({ action: 'delete', ids: named })).toMatchObject({
      matched: 3,
      changed: 2,
      skipped: 1,
    });
    expect(await ids('')).toEqual([running.id]);
  });

  it('works through a filter larger than one batch', async () => {
    stack.fake.readsToComplete = 1_000_000;
    const made = await Promise.all(Array.from({ length: 205 }, (_, i) => create(`many ${i}`)));
    expect((await bulk({ action: 'favourite', filter: { q: 'many' } })).changed).toBe(205);
    const favs = await stack.json(`/studio-api/jobs?favourite=true&limit=200`);
    expect(jobListSchema.parse(favs.body).nextCursor).not.toBeNull();
    const all = await bulk({ action: 'unfavourite', filter: { q: 'many' }, dryRun: true });
    expect(all).toMatchObject({ matched: made.length, changed: made.length });
    expect(await bulk({ action: 'delete', filter: { q: 'many' } })).toMatchObject({
      changed: 0,
      skipped: 205,
    });
  });

  it('refuses bad input with the field and what it takes', async () => {
    expect(await refusal({ action: 'star', ids: ['AAAAAAAAAAAA'] })).toEqual({
      status: 400,
      message: 'action: must be one of favourite, unfavourite, delete',
    });
    const typo = await refusal({ action: 'delete', filter: { operations: 'diffusion' } });
    expect(typo.status).toBe(400);
    expect(typo.message).toMatch(/^filter: unknown field operations; the filter takes operation,/);
    const status = await refusal({ action: 'delete', filter: { status: 'done' } });
    expect(status.message).toBe(
      'filter.status[0]: must be one of pending, staged, processing, retry, completed, failed',
    );
    expect((await refusal({ action: 'delete' })).message).toMatch(/ids, filter: give exactly one/);
    const both = await refusal({ action: 'delete', ids: ['AAAAAAAAAAAA'], filter: {} });
    expect(both.status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => `job-${String(i).padStart(8, '0')}`);
    expect((await refusal({ action: 'delete', ids: many })).message).toBe(
      'ids: must name at most 500 jobs',
    );
    expect((await refusal({ action: 'delete', filter: { cursor: 'x' } })).message).toMatch(
      /cursor/,
    );
    const wrongType = await stack.call('/studio-api/jobs/bulk', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
  });

  it('is for the studio’s own signed-in pages: a cross-site or signed-out request changes nothing', async () => {
    const job = await create('kept');
    const body = JSON.stringify({ action: 'delete', ids: [job.id] });
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' };
    const cross = await stack.call('/studio-api/jobs/bulk', { method: 'POST', body, headers });
    expect(cross.status).toBe(403);
    await stack.restart({ studioPassword: 'a long password' });
    const signedOut = await stack.call('/studio-api/jobs/bulk', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(signedOut.status).toBe(401);
    await stack.restart({ studioPassword: undefined });
    expect(await ids('')).toEqual([job.id]);
  });
});
