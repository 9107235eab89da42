import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStudioEvent, type StudioEvent } from '@/contract/events';
import { jobSchema, type Job } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { jobEvent, sizedEvent, type Received } from '../test/sse-client';

let stack: Stack;
afterEach(() => stack.stopChecked());

const diffusion = { operation: 'diffusion', params: { text: 'a lighthouse in a storm' } };

async function create(): Promise<Job> {
  const res = await stack.post<{ job: unknown }>('/studio-api/jobs', diffusion);
  expect(res.status).toBe(200);
  return jobSchema.parse(res.body.job);
}

const parsed = (m: Received): StudioEvent | null => parseStudioEvent(m.event, m.data);

const statusEvent = (mode: string) => (m: Received) => {
  const e = parsed(m);
  return e?.event === 'status' && e.data.push.mode === mode;
};

/** The callback URL the proxy gave the upstream with its only create. */
const hookUrl = () => String(stack.fake.creates[0]?.body.callback);

describe('callbacks from the service, announced to browsers', () => {
  it('delivers the completion over SSE, and a job costs the upstream at most 2 requests', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const sse = await stack.events();
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await sse.next(statusEvent('callbacks'));
    expect(sse.raw).toMatch(/^retry: \d+\n\n/);

    const job = await create();
    expect(hookUrl()).toMatch(new RegExp(`^${stack.proxy.publicUrl}/hooks/[A-Za-z0-9_-]{22}$`));
    await sse.next(jobEvent(job.id, 'pending'));
    const done = parsed(await sse.next(jobEvent(job.id, 'completed')));
    if (done?.event !== 'job') throw new Error('no job event');
    expect(done.data.job.output?.images).toHaveLength(4);
    // Announced before its media is cached; the sizes follow in one more event.
    expect(done.data.job.output?.images[0]?.width).toBeNull();
    await sse.next(sizedEvent(job.id));

    const uuid = stack.fake.jobIds()[0] ?? '';
    await waitFor(async () => stack.fake.deliveries[0]?.status === 200);
    expect(stack.fake.deliveries).toEqual([{ url: hookUrl(), status: 200 }]);
    expect(stack.fake.creates).toHaveLength(1);
    expect(stack.fake.readsOf(uuid)).toBeLessThanOrEqual(1);
    expect(stack.fake.jobReads + stack.fake.creates.length).toBeLessThanOrEqual(2);
    // Numbered by the store's one sequence, which a reconnecting browser resumes from.
    const ids = sse.messages.filter((m) => m.event === 'job').map((m) => Number(m.id));
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.every((id, i) => Number.isInteger(id) && (i === 0 || id > (ids[i - 1] ?? 0)))).toBe(
      true,
    );
  });

  it('asks the upstream for progress notices only with UPSTREAM_PROGRESS=on', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    await create();
    expect(stack.fake.creates[0]?.body.callback).toBeTypeOf('string');
    expect(stack.fake.creates[0]?.body).not.toHaveProperty('notify_progress');

    await stack.restart({ upstreamProgress: 'on' });
    await create();
    expect(stack.fake.creates[1]?.body).toMatchObject({ notify_progress: true });
    // The history keeps what the browser chose, not what the studio added.
    const list = await stack.json<{ jobs: { params: Record<string, unknown> | null }[] }>(
      '/studio-api/jobs',
    );
    expect(list.body.jobs.every((j) => j.params && !('notify_progress' in j.params))).toBe(true);

    const chosen = await stack.post<{ error: { message: string } }>('/studio-api/jobs', {
      operation: 'diffusion',
      params: { text: 'a lighthouse', notify_progress: true },
    });
    expect(chosen.status).toBe(400);
    expect(chosen.body.error.message).toContain('params.notify_progress');
  });

  it('falls back to the poller when PUBLIC_URL does not reach the studio', async () => {
    stack = await Stack.start({ callbacks: 'auto', publicUrl: 'http://127.0.0.1:9' });
    expect(stack.logs.join('\n')).toMatch(/PUBLIC_URL \(http:\/\/127\.0\.0\.1:9\) does not lead/);
    const status = await stack.json<{ push: { mode: string; reason: string } }>(
      '/studio-api/status',
    );
    expect(status.body.push.mode).toBe('polling');
    const sse = await stack.events();
    stack.fake.callbackAfterMs = 60_000;
    const job = await create();
    await sse.next(jobEvent(job.id, 'processing'));
    await sse.next(jobEvent(job.id, 'completed'));
    expect(stack.fake.readsOf(stack.fake.jobIds()[0] ?? '')).toBeGreaterThanOrEqual(3);
  });

  it('takes over when callbacks stop arriving, and says so', async () => {
    stack = await Stack.start({ callbacks: 'auto', hookWaitMs: 300 });
    stack.fake.deliverCallbacks = false;
    const sse = await stack.events();
    await sse.next(statusEvent('callbacks'));
    const job = await create();
    await sse.next(jobEvent(job.id, 'completed'));
    await sse.next(statusEvent('polling'));
    expect(stack.fake.readsOf(stack.fake.jobIds()[0] ?? '')).toBe(1);
    // The next job is read at the poller's own pace.
    stack.fake.callbackAfterMs = 60_000;
    const next = await create();
    await sse.next(jobEvent(next.id, 'processing'));
  });
});

describe('callback checks', () => {
  const SECRET = 'whsec-0123456789';

  async function post(url: string, body: string, headers: Record<string, string>) {
    const res = await fetch(url, { method: 'POST', body, headers });
    return { status: res.status, text: await res.text() };
  }

  const signed = (body: string, timestamp: number, secret = SECRET) => ({
    'content-type': 'application/json',
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  });

  it('accepts signed callbacks and refuses forged, stale, unknown or foreign ones', async () => {
    stack = await Stack.start({ callbacks: 'auto', upstreamWebhookSecret: SECRET });
    stack.fake.webhookSecret = SECRET;
    const sse = await stack.events();
    const job = await create();
    await sse.next(jobEvent(job.id, 'completed'));
    await waitFor(async () => stack.fake.deliveries[0]?.status === 200);

    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ job_id: stack.fake.jobIds()[0], status: 'failed' });
    const url = hookUrl();
    expect((await post(url, body, signed(body, now, 'wrong'))).status).toBe(401);
    expect((await post(url, body, { 'content-type': 'application/json' })).status).toBe(401);
    const stale = await post(url, body, signed(body, now - 301));
    expect(stale).toMatchObject({ status: 401, text: expect.stringMatching(/stale/) });
    const unknown = `${stack.proxy.url}/hooks/${'A'.repeat(22)}`;
    expect((await post(unknown, body, signed(body, now))).status).toBe(404);
    const foreign = JSON.stringify({ ...JSON.parse(body), job_id: 'another' });
    expect((await post(url, foreign, signed(foreign, now))).status).toBe(400);
    // None of it changed the finished job.
    const after = await stack.json<{ job: Job }>(`/studio-api/jobs/${job.id}`);
    expect(after.body.job.status).toBe('completed');
    expect(stack.logs.join('\n')).not.toContain(url.split('/hooks/')[1] ?? 'none');
  });

  it('refuses an unsigned callback when a secret is set; the poller still finishes', async () => {
    stack = await Stack.start({
      callbacks: 'auto',
      upstreamWebhookSecret: SECRET,
      hookWaitMs: 200,
    });
    const job = await create();
    await waitFor(async () => stack.fake.deliveries[0]?.status === 401);
    await waitFor(
      async () =>
        (await stack.json<{ job: Job }>(`/studio-api/jobs/${job.id}`)).body.job.status ===
        'completed',
    );
  });
});

describe('what /hooks/ serves', () => {
  it('answers GET and HEAD with 404 and no app shell, with or without a password', async () => {
    stack = await Stack.start({ callbacks: 'auto' });
    const files = await stack.withBuiltWeb();
    // The one thing served there: the upstream's POST with a job's token.
    const job = await create();
    await waitFor(async () => stack.fake.deliveries[0]?.status === 200);
    const token = new URL(hookUrl()).pathname;
    const paths = ['/hooks/anything', `/hooks/${'A'.repeat(22)}`, token, '/hooks/a/b', '/hooks/'];
    const expectRefused = async () => {
      for (const p of paths) {
        for (const method of ['GET', 'HEAD']) {
          const res = await stack.raw(p, { method });
          expect(res.status, `${method} ${p}`).toBe(404);
          expect(res.text, `${method} ${p}`).not.toContain(files.index);
          expect(res.headers.get('content-type'), `${method} ${p}`).toMatch(/application\/json/);
        }
      }
      // The start-up probe is still answered.
      expect((await stack.raw('/hooks/probe')).status).toBe(200);
    };
    await expectRefused();
    const after = await stack.json<{ job: Job }>(`/studio-api/jobs/${job.id}`);
    expect(after.body.job.status).toBe('completed');

    await stack.restart({ studioPassword: 'correct horse battery' });
    await expectRefused();
    // The shell itself still needs a session.
    expect((await stack.raw('/library')).status).toBe(302);
  });
});
