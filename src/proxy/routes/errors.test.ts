import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { errorTask } from '../test/fake-upstream';
import { fixture } from '../test/fixtures';
import { Stack, waitFor } from '../test/harness';

let stack: Stack;
beforeEach(async () => {
  stack = await Stack.start();
});
afterEach(() => stack.stopChecked());

const diffusion = { operation: 'diffusion', params: { text: 'a red fox' } };

async function failCreate(status: number, body: unknown, headers?: Record<string, string>) {
  stack.fake.nextCreate = { status, body, ...(headers ? { headers } : {}) };
  const res = await stack.post<{ error: StudioError }>('/studio-api/jobs', diffusion);
  return { status: res.status, error: res.body.error };
}

describe('upstream rejections become studio errors', () => {
  it('402: insufficient quota in plain words, with a top-up hint', async () => {
    const { status, error } = await failCreate(402, errorTask(402, 'insufficient quota'));
    expect(status).toBe(402);
    expect(error.code).toBe('insufficient_quota');
    expect(error.message).toMatch(/^Not enough credits: .*balance cannot cover/);
    expect(error.hint).toMatch(/top up/i);
    expect(error.hint).toContain('“insufficient quota”');
  });

  it('429: the create waits in the studio’s queue, and is sent once the service has room', async () => {
    stack.fake.nextCreate = {
      status: 429,
      body: errorTask(429, 'concurrency limit reached'),
      headers: { 'retry-after': '12' },
    };
    const res = await stack.post<{ job: { id: string; queued: unknown } }>(
      '/studio-api/jobs',
      diffusion,
    );
    expect(res.status).toBe(202);
    expect(res.body.job.queued).toEqual({ place: 1 });
    // The same create goes again, once, and the job is made.
    const made = await waitFor(async () => {
      const job = await stack.json<{ job: { queued: unknown; status: string } }>(
        `/studio-api/jobs/${res.body.job.id}`,
      );
      return job.body.job.queued === null ? job.body.job : null;
    });
    expect(made.status).not.toBe('failed');
    expect(stack.fake.creates).toHaveLength(2);
  });

  it('400: the upstream message, with any UUID in it redacted', async () => {
    const uuid = '0b6f1f5e-2f3c-4d5e-8f90-123456789abc';
    const { status, error } = await failCreate(
      400,
      errorTask(400, `imageNo out of range for job ${uuid}: allowed 0 to 3`),
    );
    expect(status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('imageNo out of range for job [id]: allowed 0 to 3');
  });

  it('400: a refusal that names the parent says parentId, the field the browser sent', async () => {
    const { error } = await failCreate(
      400,
      errorTask(400, 'jobId: enhance needs a --draft --v 7 task as its parent; imageNo: bad'),
    );
    expect(error.message).toBe(
      'parentId: enhance needs a --draft --v 7 task as its parent; imageNo: bad',
    );
  });

  it('403: the real whitelist rejection, explained', async () => {
    const { status, error } = await failCreate(403, fixture('error-403-edit'));
    expect(status).toBe(403);
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/only available for whitelisted accounts/);
    expect(error.hint).toMatch(/whitelisted/);
  });

  it('401: a key problem for the operator, never the key itself', async () => {
    const { status, error } = await failCreate(401, { message: 'invalid api key' });
    expect(status).toBe(401);
    expect(error.code).toBe('upstream_auth');
    expect(error.hint).toMatch(/UPSTREAM_API_KEY/);
  });

  it('503: a feature under maintenance', async () => {
    const { status, error } = await failCreate(503, errorTask(503, 'under maintenance'));
    expect(status).toBe(503);
    expect(error.code).toBe('unavailable');
  });

  it('5xx and unreadable answers: 502, and the create is not retried', async () => {
    const { status, error } = await failCreate(500, errorTask(500, 'boom'));
    expect(status).toBe(502);
    expect(error.code).toBe('upstream_unavailable');
    expect(error.hint).toMatch(/try again/i);
    expect(stack.fake.creates).toHaveLength(1);
    expect((await failCreate(200, { nonsense: true })).status).toBe(502);
    // Either may have made a task: both stay in the history as unknown.
    const list = await stack.json<{ jobs: { createUnknown: string | null }[] }>('/studio-api/jobs');
    expect(list.body.jobs.map((j) => j.createUnknown !== null)).toEqual([true, true]);
  });

  it('an upstream that cannot be reached: 502', async () => {
    await stack.fake.stop();
    const res = await stack.post<{ error: StudioError }>('/studio-api/jobs', diffusion);
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/could not be reached/);
  });
});

describe('requests the studio refuses itself', () => {
  const post = (body: unknown) => stack.post<{ error: StudioError }>('/studio-api/jobs', body);

  it('names the field that is wrong', async () => {
    const res = await post({ operation: 'diffusion', params: { text: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^params\.text: /);
    expect((await post({ operation: 'paint', params: {} })).body.error.message).toMatch(
      /^operation: /,
    );
    expect(stack.fake.creates).toHaveLength(0);
  });

  it('follow-ups need a known, completed parent and never take a jobId', async () => {
    expect(
      (await post({ operation: 'upscale', params: { imageNo: 0 } })).body.error.message,
    ).toMatch(/^parentId: is required/);
    const unknown = await post({
      operation: 'upscale',
      parentId: 'AAAAAAAAAAAA',
      params: { imageNo: 0 },
    });
    expect(unknown.status).toBe(404);
    const uuid = '0b6f1f5e-2f3c-4d5e-8f90-123456789abc';
    const smuggled = await post({ operation: 'diffusion', params: { text: 'x', jobId: uuid } });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.error.message).toMatch(/^params.jobId/);
    const parent = (await stack.post<{ job: { id: string } }>('/studio-api/jobs', diffusion)).body
      .job;
    const early = await post({ operation: 'upscale', parentId: parent.id, params: { imageNo: 0 } });
    expect(early.body.error.message).toMatch(/not completed/);
    await waitFor(
      async () =>
        (await stack.json<{ job: { status: string } }>(`/studio-api/jobs/${parent.id}`)).body.job
          .status === 'completed',
    );
    const bad = await post({
      operation: 'upscale',
      parentId: parent.id,
      params: { imageNo: 9, type: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/type: must be one of/);
  });

  it('a body that is not JSON: 400', async () => {
    const res = await stack.json<{ error: StudioError }>('/studio-api/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"operation":',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^body: /),
    });
  });

  it('a body nested thousands of levels deep: 400, with or without an idempotency key', async () => {
    const deep = '['.repeat(60_000) + ']'.repeat(60_000);
    const body = `{"operation":"diffusion","params":{"text":"a red fox","extra":${deep}}}`;
    const keys: Record<string, string>[] = [{}, { 'idempotency-key': 'deep-1' }];
    for (const headers of keys) {
      const res = await stack.json<{ error: StudioError }>('/studio-api/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('body: must not nest deeper than 32 levels');
    }
    expect(stack.fake.creates).toHaveLength(0);
    expect(stack.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    // Brackets inside strings are text, not nesting.
    const text = `a fox ${'['.repeat(100)} in a box`;
    expect((await post({ operation: 'diffusion', params: { text } })).status).toBe(200);
  });

  it('a JSON body sent under another type: 415 naming the content-type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const res = await stack.json<{ error: StudioError }>('/studio-api/jobs', {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: new Blob([JSON.stringify(diffusion)]),
      });
      expect(res.status).toBe(415);
      expect(res.body.error.message).toBe('content-type: must be application/json');
    }
    expect(stack.fake.creates).toHaveLength(0);
  });
});

describe('idempotency keys', () => {
  it('a double submit with one key creates one upstream task', async () => {
    const headers = { 'idempotency-key': 'submit-1' };
    const [a, b] = await Promise.all([
      stack.post<{ job: { id: string } }>('/studio-api/jobs', diffusion, headers),
      stack.post<{ job: { id: string } }>('/studio-api/jobs', diffusion, headers),
    ]);
    const c = await stack.post<{ job: { id: string } }>('/studio-api/jobs', diffusion, headers);
    expect(a.body.job.id).toBe(b.body.job.id);
    expect(c.body.job.id).toBe(a.body.job.id);
    expect(stack.fake.creates).toHaveLength(1);
    await stack.restart();
    const d = await stack.post<{ job: { id: string } }>('/studio-api/jobs', diffusion, headers);
    expect(d.body.job.id).toBe(a.body.job.id);
    expect(stack.fake.creates).toHaveLength(1);
  });

  it('a different body under a used key: 422; a failed create frees its key', async () => {
    const headers = { 'idempotency-key': 'submit-2' };
    stack.fake.nextCreate = { status: 402, body: errorTask(402, 'insufficient quota') };
    expect((await stack.post('/studio-api/jobs', diffusion, headers)).status).toBe(402);
    expect((await stack.post('/studio-api/jobs', diffusion, headers)).status).toBe(200);
    const other = { operation: 'diffusion', params: { text: 'something else' } };
    expect((await stack.post('/studio-api/jobs', other, headers)).status).toBe(422);
    expect(stack.fake.creates).toHaveLength(2);
  });

  it('refuses UUID-shaped or oversized keys', async () => {
    for (const key of ['0b6f1f5e-2f3c-4d5e-8f90-123456789abc', 'k'.repeat(65), 'has space']) {
      const res = await stack.post('/studio-api/jobs', diffusion, { 'idempotency-key': key });
      expect(res.status).toBe(400);
    }
    expect(stack.fake.creates).toHaveLength(0);
  });
});
