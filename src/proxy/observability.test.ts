import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { Stack, waitFor } from './test/harness';
import { rawRequest } from './test/raw-http';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stop();
  stack = null;
});

const TOKEN = 'a-metrics-token-of-some-length';

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function createAndFinish(s: Stack): Promise<string> {
  const created = await s.post<{ job: { id: string } }>('/studio-api/jobs', {
    operation: 'diffusion',
    params: { text: 'a lighthouse at dusk' },
  });
  expect(created.status).toBe(200);
  const { id } = created.body.job;
  await waitFor(async () => {
    const res = await s.json<{ job: { status: string } }>(`/studio-api/jobs/${id}`);
    return res.body.job.status === 'completed';
  });
  return id;
}

describe('/metrics of the studio', () => {
  it('counts a job, its requests by route pattern and the upstream requests, for loopback', async () => {
    stack = await Stack.start();
    const sse = await stack.events();
    const id = await createAndFinish(stack);
    const res = await stack.call('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(sample(text, 'jobs_created_total{operation="diffusion"}')).toBe(1);
    expect(sample(text, 'jobs_completed_total{operation="diffusion"}')).toBe(1);
    expect(text).not.toMatch(/jobs_failed_total\{/);
    // The pattern, never the handle itself.
    const read = 'http_requests_total{method="GET",route="/studio-api/jobs/:id",status="200"}';
    expect(sample(text, read)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(
      sample(text, 'http_requests_total{method="POST",route="/studio-api/jobs",status="200"}'),
    ).toBe(1);
    expect(sample(text, 'upstream_requests_total{outcome="ok"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'upstream_request_duration_seconds_count{outcome="ok"}')).toBe(
      sample(text, 'upstream_requests_total{outcome="ok"}'),
    );
    expect(sample(text, 'browser_event_streams')).toBe(1);
    expect(sample(text, 'thumbnail_queue_depth')).toBe(0);
    // SQLite has no pool to tell of.
    expect(text).not.toMatch(/^db_pool_connections \d/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    await sse.close();
  });

  it('counts a request no route matched, and a refused host, under their patterns', async () => {
    stack = await Stack.start();
    expect((await stack.raw('/media/x', { headers: { host: 'evil.example' } })).status).toBe(421);
    const text = (await stack.call('/metrics')).text;
    expect(sample(text, 'http_requests_total{method="GET",route="/*",status="421"}')).toBe(1);
  });

  it('with METRICS_TOKEN, answers only its bearer', async () => {
    stack = await Stack.start({ metricsToken: TOKEN });
    expect((await stack.call('/metrics')).status).toBe(401);
    const wrong = { headers: { authorization: `Bearer ${TOKEN}x` } };
    expect((await stack.call('/metrics', wrong)).status).toBe(401);
    const right = await stack.call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.text).toContain('# TYPE http_requests_total counter');
  });

  it('without a token, refuses a loopback client that names another host', async () => {
    stack = await Stack.start();
    const res = await stack.raw('/metrics', { headers: { host: 'rebound.example' } });
    expect(res.status).toBe(403);
  });

  // The machine's own non-loopback address, if it has one: a request from it is not local.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(external === undefined)(
    'without a token, refuses a client that is not on loopback',
    async () => {
      stack = await Stack.start({ host: '0.0.0.0', studioPassword: 'a password of the studio' });
      const port = new URL(stack.proxy.url).port;
      const from = external ?? '';
      const res = await rawRequest(`http://${from}:${port}`, {
        path: '/metrics',
        headers: { host: `127.0.0.1:${port}` },
        localAddress: from,
      });
      expect(res.status).toBe(403);
      const local = await rawRequest(stack.proxy.url, { path: '/metrics' });
      expect(local.status).toBe(200);
    },
  );
});

describe('/readyz of the studio', () => {
  it('is 200 while the database and the upstream answer, 503 naming the upstream once it is down', async () => {
    stack = await Stack.start();
    const up = await stack.json('/readyz');
    expect(up).toMatchObject({ status: 200, body: { ready: true, failed: {} } });

    await stack.fake.stop();
    // Any request that finds the service gone tells the readiness, a read of the account here.
    const down = await waitFor(async () => {
      await stack?.call('/studio-api/account');
      const res = await stack?.json<{ failed: Record<string, string> }>('/readyz');
      return res?.status === 503 ? res : null;
    });
    expect(down.body).toMatchObject({ ready: false });
    expect(Object.keys(down.body.failed)).toEqual(['upstream']);
    expect(down.body.failed.upstream).toMatch(/could not be reached/);
    // Liveness does not depend on the upstream.
    expect((await stack.call('/healthz')).status).toBe(200);
  });

  it('needs no session when a password is set, nor does /metrics from loopback', async () => {
    stack = await Stack.start({ studioPassword: 'a password of the studio' });
    expect((await stack.call('/studio-api/jobs')).status).toBe(401);
    expect((await stack.call('/readyz')).status).toBe(200);
    expect((await stack.call('/metrics')).status).toBe(200);
  });
});

describe('log lines of the studio', () => {
  it('carry the request id of the error answer they belong to, in its access line', async () => {
    stack = await Stack.start();
    const res = await stack.json<{ error: { code: string; requestId: string } }>(
      '/studio-api/jobs/no-such-job',
    );
    expect(res.status).toBe(404);
    const { requestId } = res.body.error;
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(res.rec.headers.get('x-request-id')).toBe(requestId);
    const lines = stack.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = lines.filter((l) => l.requestId === requestId);
    expect(access).toEqual([
      {
        time: expect.any(String) as unknown,
        level: 'info',
        msg: 'request',
        requestId,
        method: 'GET',
        route: '/studio-api/jobs/:id',
        status: 404,
        ms: expect.any(Number) as unknown,
      },
    ]);
    // The path, which could hold a handle or a token, is in no line.
    expect(stack.logs.join('\n')).not.toContain('no-such-job');
  });

  it('take an acceptable X-Request-Id from the client, and every line of the request carries it', async () => {
    stack = await Stack.start();
    const created = await stack.post<{ job: { id: string } }>(
      '/studio-api/jobs',
      { operation: 'diffusion', params: { text: 'a lighthouse' } },
      { 'x-request-id': 'edge-7f3a.1' },
    );
    expect(created.rec.headers.get('x-request-id')).toBe('edge-7f3a.1');
    const mine = stack.logs.filter((l) => l.includes('"requestId":"edge-7f3a.1"'));
    expect(mine.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'job created',
      'request',
    ]);
    const refused = await stack.post<{ error: { requestId: string } }>(
      '/studio-api/jobs',
      { operation: 'nope' },
      { 'x-request-id': 'not a safe id' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.requestId).not.toBe('not a safe id');
    expect(refused.rec.headers.get('x-request-id')).toBe(refused.body.error.requestId);
  });

  it('are filtered by LOG_LEVEL', async () => {
    stack = await Stack.start({ logLevel: 'warn' });
    expect((await stack.call('/studio-api/jobs/no-such-job')).status).toBe(404);
    expect((await stack.call('/healthz')).status).toBe(200);
    expect(stack.logs.filter((l) => l.includes('"level":"info"'))).toEqual([]);
  });
});
