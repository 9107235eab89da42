import { afterEach, describe, expect, it } from 'vitest';
import { isFinal, startTestEngine, type TestEngine } from './test-support';

let engine: TestEngine | null = null;
afterEach(async () => {
  await engine?.stop();
  engine = null;
});

const TOKEN = 'an-engine-metrics-token';

const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics of the engine', () => {
  it('counts a task by operation and its requests by route pattern, for loopback', async () => {
    engine = await startTestEngine();
    const created = await engine.post('diffusion', { text: 'a kite over dunes' });
    const done = await engine.waitFor(created.body.job_id, isFinal);
    expect(done.status).toBe('completed');
    const res = await engine.get('/metrics');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'jobs_created_total{operation="diffusion"}')).toBe(1);
    expect(sample(text, 'jobs_completed_total{operation="diffusion"}')).toBe(1);
    const read = 'http_requests_total{method="GET",route="/api/v1/job/:job_id",status="200"}';
    expect(sample(text, read)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(created.body.job_id);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it('with ENGINE_METRICS_TOKEN, answers only its bearer', async () => {
    engine = await startTestEngine({ metricsToken: TOKEN });
    expect((await engine.get('/metrics')).status).toBe(401);
    expect((await engine.get('/metrics', { authorization: 'Bearer nope' })).status).toBe(401);
    const res = await engine.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
  });
});

describe('/readyz of the engine', () => {
  it('is 200 while its database answers', async () => {
    engine = await startTestEngine();
    const res = await engine.get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, failed: {} });
  });
});
