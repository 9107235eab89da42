import { afterEach, describe, expect, it } from 'vitest';
import { parseStudioEvent } from '@/contract/events';
import type { StudioStatus } from '@/contract/studio-api';
import { Stack, waitFor } from '../test/harness';
import { jobEvent, type Received } from '../test/sse-client';
import { createLogger } from '@/server/log';
import { UpstreamHealth } from './health';
import { UpstreamProbe } from './probe';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stop();
  stack = null;
});

const upstreamIs = (reachable: boolean) => (m: Received) => {
  const e = parseStudioEvent(m.event, m.data);
  return e?.event === 'status' && e.data.push.mode === 'callbacks'
    ? e.data.upstream.reachable === reachable
    : false;
};

describe('an upstream that goes away and comes back', () => {
  it('is said to be unreachable within seconds, and running jobs finish once it is back', async () => {
    // Callbacks trusted and slow: the poller would not read the job for a minute, so only
    // the probe can notice the outage, and only the recovery can bring the job home.
    stack = await Stack.start({ callbacks: 'auto', hookWaitMs: 60_000 });
    stack.fake.callbackAfterMs = 60_000;
    const sse = await stack.events();
    await sse.next(upstreamIs(true));
    const created = await stack.post<{ job: { id: string } }>('/studio-api/jobs', {
      operation: 'diffusion',
      params: { text: 'a lighthouse' },
    });
    expect(created.status).toBe(200);
    const { id } = created.body.job;

    const port = Number(new URL(stack.fake.url).port);
    const down = Date.now();
    await stack.fake.stop();
    await sse.next(upstreamIs(false), 5000);
    expect(Date.now() - down).toBeLessThan(5000);
    const { body } = await stack.json<StudioStatus>('/studio-api/status');
    expect(body.upstream).toMatchObject({ reachable: false });
    expect(body.upstream.reason).toMatch(/could not be reached|broke the connection/);
    expect(body.upstream.lastContactAt).not.toBeNull();

    // The task finished while the service could not be reached; its callback was lost.
    for (const task of stack.fake.tasks.values()) task.done = true;
    stack.fake.deliverCallbacks = false;
    await stack.fake.start(port);
    await sse.next(upstreamIs(true), 5000);
    await sse.next(jobEvent(id, 'completed'), 5000);
    const status = await stack.json<StudioStatus>('/studio-api/status');
    expect(status.body.upstream).toMatchObject({ reachable: true, reason: null });
    stack.expectNoLeaks();
  });
});

describe('the probe', () => {
  it('notices an outage while a job runs even with no browser watching', async () => {
    stack = await Stack.start({ callbacks: 'auto', hookWaitMs: 60_000 });
    stack.fake.callbackAfterMs = 60_000;
    await waitFor(async () => {
      const { body } = await stack!.json<StudioStatus>('/studio-api/status');
      return body.push.mode === 'callbacks';
    });
    await stack.post('/studio-api/jobs', { operation: 'diffusion', params: { text: 'a mill' } });
    // The account's read after the create is over: from here only the probe asks.
    const reads = stack.fake.accountReads;
    await waitFor(async () => stack!.fake.accountReads > reads);
    await new Promise((r) => setTimeout(r, 300));
    await stack.fake.stop();
    const down = await waitFor(async () => {
      const { body } = await stack!.json<StudioStatus>('/studio-api/status');
      return body.upstream.reachable ? null : body.upstream;
    }, 5000);
    expect(down.reason).toMatch(/image service/);
  });
});

describe('UpstreamHealth', () => {
  it('announces only the changes: down once, back once', () => {
    const seen: boolean[] = [];
    const health = new UpstreamHealth(() => 1000);
    health.watch((s) => seen.push(s.reachable));
    health.answered(404);
    health.unreachable('The image service could not be reached.');
    health.unreachable('The image service could not be reached.');
    health.answered(503);
    health.answered(200);
    health.answered(200);
    expect(seen).toEqual([false, false, true]);
    expect(health.status).toEqual({
      reachable: true,
      lastContactAt: new Date(1000).toISOString(),
      reason: null,
    });
  });

  it('is back at any answer, and not turned down again by a request sent before it', () => {
    let now = 1000;
    const health = new UpstreamHealth(() => now);
    const seen: boolean[] = [];
    health.watch((s) => seen.push(s.reachable));
    // A read sent at 1000 hangs; at 2000 a create is refused; at 3000 a probe is answered.
    now = 2000;
    health.unreachable('The image service could not be reached.', 2000);
    now = 3000;
    health.answered(200, 2900);
    // The read sent at 1000 times out after that answer: older news.
    now = 4000;
    health.unreachable('The image service did not answer in time.', 1000);
    expect(health.status).toMatchObject({ reachable: true, reason: null });
    // A request sent after the answer that fails is news...
    now = 4500;
    health.unreachable('The image service could not be reached.', 4500);
    // ...and any answer after it clears it at once.
    now = 4600;
    health.answered(404, 4200);
    expect(seen).toEqual([false, true, false, true]);
    expect(health.status).toEqual({
      reachable: true,
      lastContactAt: new Date(4600).toISOString(),
      reason: null,
    });
  });
});

describe('UpstreamProbe', () => {
  const log = createLogger({ level: 'silent' });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const timing = { downMs: 20, busyMs: 50, timeoutMs: 100 };

  /** A probe of a service that answers while `up` says so; nothing runs unless `busy`. */
  function setUp(busy = false, t = timing) {
    const health = new UpstreamHealth();
    const state = { up: true, asked: 0 };
    const upstream = {
      probe: async () => {
        state.asked++;
        await sleep(1);
        if (state.up) health.answered(200);
        else health.unreachable('The image service could not be reached.');
      },
    };
    const probe = new UpstreamProbe({ upstream, health, busy: () => busy, log, timing: t });
    return { health, state, probe };
  }

  it('asks nothing while nothing runs, and every interval once any request finds the service down', async () => {
    const { health, state, probe } = setUp();
    probe.start();
    try {
      await sleep(timing.busyMs * 2);
      expect(state.asked).toBe(0);
      // A create fails while the probe rests (it would rest a minute).
      state.up = false;
      health.unreachable('The image service could not be reached.');
      await waitFor(async () => state.asked >= 3, 5000);
      // The service answers: the probe's next question finds it, and it rests again.
      state.up = true;
      await waitFor(async () => health.reachable, 5000);
      const asked = state.asked;
      await sleep(timing.busyMs * 2);
      expect(state.asked).toBe(asked);
    } finally {
      await probe.stop();
    }
  });

  it('asks nothing while a job runs and the service calls back, and asks once it falls quiet', async () => {
    const { health, state, probe } = setUp(true, { ...timing, busyMs: 500 });
    health.answered(200);
    probe.start();
    try {
      for (let i = 0; i < 10; i++) {
        probe.heard();
        await sleep(50);
      }
      expect(state.asked).toBe(0);
      await waitFor(async () => state.asked > 0, 5000);
    } finally {
      await probe.stop();
    }
  });
});
