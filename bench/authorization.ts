/**
 * What the authorization check costs a request: a job read (`GET /studio-api/jobs/:id`) at
 * 10 in flight over keep-alive connections to 127.0.0.1, by a studio without sign-in (the
 * local owner, no session to read) and by a signed-in person, whose every request reads
 * their session and person from the store: on the SQLite file and on PostgreSQL. Short
 * interleaved rounds, bounded in count and time; the proxy and the engine in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngineConfig } from '@/engine/config';
import { startEngine } from '@/engine/server';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy, type RunningProxy } from '@/proxy/server';
import { startTestPostgres } from '@/proxy/test/test-postgres';
import { round } from './proxy-cost';

const ROUNDS = 4;
const CONCURRENCY = 10;
const PASSWORD = 'bench owner password';

interface Setup {
  name: string;
  proxy: RunningProxy;
  cookie: string;
  url: URL;
}

export interface AuthorizationFigure {
  name: string;
  perS: number;
  p50Ms: number;
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: PASSWORD }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A completed job of this studio, to read again and again. */
async function completedJob(url: string, cookie: string): Promise<URL> {
  const headers = { cookie, 'content-type': 'application/json' };
  const res = await fetch(`${url}/studio-api/jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ operation: 'diffusion', params: { text: 'an authorized read' } }),
  });
  const { job } = (await res.json()) as { job: { id: string } };
  const at = new URL(`${url}/studio-api/jobs/${job.id}`);
  for (let i = 0; i < 600; i++) {
    const read = (await (await fetch(at, { headers })).json()) as { job: { status: string } };
    if (read.job.status === 'completed') return at;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job did not complete in 60 s');
}

export async function benchAuthorization(): Promise<AuthorizationFigure[]> {
  const root = mkdtempSync(join(tmpdir(), 'studio-bench-authz-'));
  const postgres = await startTestPostgres();
  const engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_TASK_MS: '0',
    }),
  );
  const upstream = { upstreamUrl: engine.url, upstreamApiKey: engine.apiKey ?? '' };
  const setups: Setup[] = [];
  const start = async (name: string, env: Record<string, string>) => {
    const proxy = await startProxy(
      loadProxyConfig(
        { PORT: '0', STUDIO_DATA_DIR: join(root, name), LOG_LEVEL: 'warn', ...env },
        upstream,
      ),
    );
    const cookie = env.STUDIO_PASSWORD ? await signIn(proxy.url) : '';
    setups.push({ name, proxy, cookie, url: await completedJob(proxy.url, cookie) });
  };
  try {
    await start('SQLite, no sign-in (local owner)', {});
    await start('SQLite, signed in', { STUDIO_PASSWORD: PASSWORD });
    await start('PostgreSQL, signed in', {
      STUDIO_PASSWORD: PASSWORD,
      DATABASE_URL: await postgres.freshDatabase(),
    });
    for (const s of setups) await round(s.url, CONCURRENCY, s.cookie ? { cookie: s.cookie } : {});
    const sums = setups.map(() => ({ n: 0, s: 0, lat: [] as number[] }));
    // Interleaved, so that each sees the same load of a shared machine.
    for (let i = 0; i < ROUNDS; i++) {
      for (const [k, s] of setups.entries()) {
        const r = await round(s.url, CONCURRENCY, s.cookie ? { cookie: s.cookie } : {});
        const sum = sums[k];
        if (!sum) continue;
        sum.n += r.count;
        sum.s += r.seconds;
        sum.lat.push(...r.latencies);
      }
    }
    return setups.map((s, k) => {
      const sum = sums[k] ?? { n: 0, s: 1, lat: [] };
      const sorted = [...sum.lat].sort((a, b) => a - b);
      return {
        name: s.name,
        perS: sum.n / sum.s,
        p50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
      };
    });
  } finally {
    for (const s of setups) await s.proxy.stop();
    await engine.stop();
    await postgres.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export function printAuthorization(figures: AuthorizationFigure[]): void {
  console.log(
    `\nthe authorization check: job reads at ${CONCURRENCY} in flight (bench/authorization.ts)`,
  );
  console.log('| studio | reads/s | p50 |');
  console.log('|---|---|---|');
  for (const f of figures) {
    console.log(`| ${f.name} | ${f.perS.toFixed(0)} | ${f.p50Ms.toFixed(2)} ms |`);
  }
  const open = figures[0];
  for (const f of figures.slice(1)) {
    if (!open) break;
    const extraUs = 1e6 / f.perS - 1e6 / open.perS;
    console.log(
      `${f.name}: ${(f.perS / open.perS).toFixed(2)}× the reads of no sign-in, about ${extraUs.toFixed(0)} µs more per request`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printAuthorization(await benchAuthorization());
