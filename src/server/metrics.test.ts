import perfHooks from 'node:perf_hooks';
import { Hono } from 'hono';
import { Registry } from 'prom-client';
import { describe, expect, it, vi } from 'vitest';
import {
  bearerMatches,
  isLoopbackAddress,
  jobCounters,
  metricsHandler,
  newRegistry,
  processRegistry,
  readiness,
} from './metrics';

const TOKEN = 'a-metrics-token';

/** A server answering `/metrics` from the registry, as the studio and the engine do. */
function scrape(registry: Registry) {
  const app = new Hono();
  app.get(
    '/metrics',
    metricsHandler(registry, {
      token: TOKEN,
      hostAllowed: () => true,
      refuse: (c, status, message) => c.json({ error: message }, status),
    }),
  );
  return app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
}

/** The lines of the exposition that are samples of the series, whatever their labels. */
const samples = (text: string, series: string) =>
  text.split('\n').filter((line) => line.startsWith(`${series} `) || line.startsWith(`${series}{`));

describe('the process metrics', () => {
  // First in the file: the process registry is made once per module, on first use.
  it('starts one event-loop monitor for the process, however many servers it starts', () => {
    const monitor = vi.spyOn(perfHooks, 'monitorEventLoopDelay');
    try {
      const registries = Array.from({ length: 20 }, () => newRegistry());
      expect(monitor.mock.calls.length).toBeLessThanOrEqual(1);
      for (const registry of registries) {
        const names = registry.getMetricsAsArray().map((m) => m.name);
        expect(names.filter((n) => /^(nodejs|process)_/.test(n))).toEqual([]);
      }
      expect(processRegistry()).toBe(processRegistry());
    } finally {
      monitor.mockRestore();
    }
  });

  it('are in every scrape once, beside the series of the server scraped', async () => {
    const studio = newRegistry();
    const engine = newRegistry();
    jobCounters(studio).created('diffusion');
    const engineJobs = jobCounters(engine);
    engineJobs.created('upscale');
    engineJobs.created('upscale');

    const studioRes = await scrape(studio);
    expect(studioRes.status).toBe(200);
    expect(studioRes.headers.get('content-type')).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    const studioText = await studioRes.text();
    const engineText = await (await scrape(engine)).text();

    for (const text of [studioText, engineText]) {
      expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
      expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
      expect(text.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
    }
    expect(samples(studioText, 'jobs_created_total')).toEqual([
      'jobs_created_total{operation="diffusion"} 1',
    ]);
    expect(samples(engineText, 'jobs_created_total')).toEqual([
      'jobs_created_total{operation="upscale"} 2',
    ]);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    'takes %s for loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each(['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '128.0.0.1', '::2', undefined])(
    'does not take %s for loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(false),
  );
});

describe('bearerMatches', () => {
  it('takes the token only as a bearer, whole', () => {
    expect(bearerMatches('Bearer sesame-sesame', 'sesame-sesame')).toBe(true);
    expect(bearerMatches('bearer sesame-sesame', 'sesame-sesame')).toBe(true);
    expect(bearerMatches('Bearer sesame-sesam', 'sesame-sesame')).toBe(false);
    expect(bearerMatches('Bearer sesame-sesame2', 'sesame-sesame')).toBe(false);
    expect(bearerMatches('Basic sesame-sesame', 'sesame-sesame')).toBe(false);
    expect(bearerMatches(undefined, 'sesame-sesame')).toBe(false);
  });
});

describe('readiness', () => {
  it('names each dependency that failed, never the text of what it threw', async () => {
    const answer = await readiness({
      database: () => Promise.reject(new Error('password authentication failed for "studio"')),
      upstream: () => Promise.resolve('unreachable'),
      disk: () => Promise.resolve(null),
    });
    expect(answer).toEqual({
      status: 503,
      body: { ready: false, failed: { database: 'did not answer', upstream: 'unreachable' } },
    });
    expect(await readiness({ disk: () => Promise.resolve(null) })).toEqual({
      status: 200,
      body: { ready: true, failed: {} },
    });
  });
});
