import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '@/contract/account-summary';
import { accountInfoEnvelopeSchema } from '@/contract/account';
import { parseStudioEvent } from '@/contract/events';
import { loadEngineConfig } from '@/engine/config';
import { startEngine, type RunningEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy, type RunningProxy } from '@/proxy/server';
import { waitFor } from '@/proxy/test/harness';
import { SseClient, jobEvent, type Received } from '@/proxy/test/sse-client';
import { WireDelay, type Passed } from '@/proxy/test/wire-delay';

/**
 * What a job costs the service (issue 27, §6): the real engine with tasks of 1.5 s, a
 * counting link in front of it (`WireDelay` with no delay records every request by method
 * and path), and the studio, watched by an event stream as a tab would watch it. Jobs are
 * made one after another; beyond its create and its media, each may cost at most 2
 * upstream requests, and the account figures the studio pushes end equal to the engine's.
 */
const JOBS = 5;
const MAX_PER_JOB = 2;

let root = '';
let engine: RunningEngine;
let wire: WireDelay;
let proxy: RunningProxy;
let sse: SseClient | null = null;

beforeAll(async () => {
  // The studio's log lines would bury the test's own output.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  root = mkdtempSync(path.join(tmpdir(), 'studio-upstream-requests-'));
  engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_HOST: '127.0.0.1',
      ENGINE_DATA_DIR: path.join(root, 'engine'),
      ENGINE_TASK_MS: '1500',
      // The studio's callbacks are on 127.0.0.1.
      ENGINE_ALLOW_PRIVATE_FETCH: '1',
      LOG_LEVEL: 'warn',
    }),
  );
  wire = await new WireDelay(engine.url, () => 0).start();
  proxy = await startProxy(
    loadProxyConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        STUDIO_DATA_DIR: path.join(root, 'studio'),
        STUDIO_WEB_DIR: path.join(root, 'no-web'),
        LOG_LEVEL: 'warn',
      },
      // As `npm start` runs the embedded engine: callbacks, with every state.
      { upstreamUrl: wire.url, upstreamApiKey: engine.apiKey ?? '', upstreamProgress: 'on' },
    ),
  );
}, 60_000);

afterAll(async () => {
  await sse?.close();
  await proxy?.stop();
  await wire?.stop();
  await engine?.stop();
  vi.restoreAllMocks();
  if (root) rmSync(root, { recursive: true, force: true });
});

const pushMode = (mode: string) => (m: Received) => {
  const e = parseStudioEvent(m.event, m.data);
  return e?.event === 'status' && e.data.push.mode === mode;
};

const accountEvents = (client: SseClient): AccountSummary[] =>
  client.messages.flatMap((m) => {
    const e = parseStudioEvent(m.event, m.data);
    return e?.event === 'account' ? [e.data.account] : [];
  });

/** The engine's own figures, read past the counting link. */
async function engineFigures() {
  const res = await fetch(`${engine.url}/api/account/info`, {
    headers: { 'x-api-key': engine.apiKey ?? '' },
  });
  const info = accountInfoEnvelopeSchema.parse(await res.json()).data;
  const pack = info.credit_pack_info;
  return {
    availableCredits: pack.available_credits,
    availablePoints: info.wallet.point_remain,
    frozenCredits: pack.frozen_credits + info.wallet.point_frozen,
    usedCredits: (pack.used_credits ?? 0) + info.wallet.point_used,
  };
}

const figuresOf = (a: AccountSummary | undefined) =>
  a && {
    availableCredits: a.availableCredits,
    availablePoints: a.availablePoints,
    frozenCredits: a.frozenCredits,
    usedCredits: a.usedCredits,
  };

const isCreate = (r: Passed) =>
  r.method === 'POST' && r.path.startsWith('/api/v1/') && !r.path.startsWith('/api/v1/job/');
const isMedia = (r: Passed) => r.path.startsWith('/files/');

async function post(urlPath: string, body: unknown): Promise<Response> {
  return fetch(`${proxy.url}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the upstream requests of a job', () => {
  it(`are at most ${MAX_PER_JOB} beyond its create and its media, with a tab watching`, async () => {
    sse = await SseClient.open(`${proxy.url}/studio-api/events`);
    const client = sse;
    await client.next(pushMode('callbacks'), 10_000);
    // The tab's first load reads the account; counting starts after it.
    expect((await fetch(`${proxy.url}/studio-api/account`)).status).toBe(200);
    const from = wire.passed.length;

    for (let i = 0; i < JOBS; i++) {
      const res = await post('/studio-api/jobs', {
        operation: 'diffusion',
        params: { text: `a lighthouse, take ${i}` },
      });
      expect(res.status).toBe(200);
      const { job } = (await res.json()) as { job: { id: string } };
      // While it runs, the figures are the engine's: its price frozen, its task listed.
      const running = JSON.stringify(await engineFigures());
      await waitFor(async () =>
        accountEvents(client).some(
          (a) => a.tasks.some((t) => t.id === job.id) && JSON.stringify(figuresOf(a)) === running,
        ),
      );
      await client.next(jobEvent(job.id, 'completed'), 30_000);
      // And the figures after it, before the next create, as a user reads the result first.
      const seen = accountEvents(client).length;
      await waitFor(async () =>
        accountEvents(client)
          .slice(seen)
          .some((a) => a.activeTasks === 0),
      );
    }
    // The last completion reaches the figures, which end equal to the engine's.
    const exact = await engineFigures();
    await waitFor(async () => {
      const last = accountEvents(client).at(-1);
      return last?.activeTasks === 0 && JSON.stringify(figuresOf(last)) === JSON.stringify(exact);
    }, 5000);
    // Anything that still follows the last job (it would be counted against the next one).
    await new Promise((r) => setTimeout(r, 2000));

    const made = wire.passed.slice(from);
    expect(made.filter(isCreate)).toHaveLength(JOBS);
    const others = made.filter((r) => !isCreate(r) && !isMedia(r));
    const byPath: Record<string, number> = {};
    for (const r of others) {
      const key = `${r.method} ${r.path.replace(/\/job\/[^/]+$/, '/job/<id>')}`;
      byPath[key] = (byPath[key] ?? 0) + 1;
    }
    // SHOW_UPSTREAM_REQUESTS=1 prints the count by path, for a measurement.
    if (process.env.SHOW_UPSTREAM_REQUESTS) console.error(JOBS, 'jobs:', byPath);
    expect(others.length, JSON.stringify(byPath)).toBeLessThanOrEqual(MAX_PER_JOB * JOBS);
  }, 120_000);
});
