/**
 * The proxy's own cost (issue 14, §5), against the studio as `npm start` runs it, in its
 * own process:
 * - a job read through the proxy (`GET /studio-api/jobs/:id`) against the same read straight
 *   from the engine (`GET /api/v1/job/:id`), at 10 and 50 requests in flight over
 *   keep-alive connections to 127.0.0.1, in short interleaved rounds bounded in count and
 *   time. Target: the proxy at least 0.9× the engine's requests per second.
 * - the studio process's resident memory while it runs diffusion jobs whose four images
 *   are each viewed once through the proxy, as a browser showing the feed would, sampled
 *   every 100 jobs up to 1,000. Target: at most 300 MB after 200 jobs, and flat after.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startStudioProcess, type StudioProcess } from './studio-process';

const ROUNDS = 4;
const ROUND_REQUESTS = 4000;
const ROUND_MS = 2500;
const LEVELS = [10, 50] as const;
const MEMORY_JOBS = 1000;
const MEMORY_STEP = 100;
const JOBS_IN_FLIGHT = 6;

export interface Throughput {
  concurrency: number;
  direct: { perS: number; p50: number };
  proxied: { perS: number; p50: number };
}

interface MemorySample {
  /** Jobs done, or null for the sample taken after the studio was left idle. */
  jobs: number | null;
  studioMb: number;
  launcherMb: number;
  seconds: number;
}

export interface ProxyCostBench {
  reads: Throughput[];
  memory: MemorySample[];
}

/** One GET to completion; the body is read and dropped. */
function get(agent: Agent, url: URL, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(res.statusCode)
          : reject(new Error(`${res.statusCode} from ${url.pathname}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** `concurrency` loops of GETs until ROUND_REQUESTS are done or ROUND_MS has passed. */
export async function round(url: URL, concurrency: number, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const t0 = performance.now();
  const deadline = t0 + ROUND_MS;
  let started = 0;
  const loop = async () => {
    while (started < ROUND_REQUESTS && performance.now() < deadline) {
      started++;
      const s = performance.now();
      await get(agent, url, headers);
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { count: latencies.length, seconds, latencies };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${res.status} from ${url}`);
  return (await res.json()) as T;
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a job');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A completed job read both ways: straight from the engine, and through the proxy. */
async function completedPair(studio: StudioProcess): Promise<{ direct: URL; proxied: URL }> {
  const task = await json<{ job_id: string }>(
    `${studio.engineUrl}/api/v1/diffusion`,
    post({ text: 'bench direct read' }, { 'x-api-key': studio.engineKey }),
  );
  const { job } = await json<{ job: { id: string } }>(
    `${studio.url}/studio-api/jobs`,
    post({ operation: 'diffusion', params: { text: 'bench proxy read' } }),
  );
  const direct = new URL(`${studio.engineUrl}/api/v1/job/${task.job_id}`);
  const proxied = new URL(`${studio.url}/studio-api/jobs/${job.id}`);
  await until(async () => (await json<{ status: string }>(direct.href)).status === 'completed');
  await until(
    async () => (await json<{ job: { status: string } }>(proxied.href)).job.status === 'completed',
  );
  return { direct, proxied };
}

async function benchReads(studio: StudioProcess): Promise<Throughput[]> {
  const { direct, proxied } = await completedPair(studio);
  await round(direct, 10);
  await round(proxied, 10);
  const out: Throughput[] = [];
  for (const concurrency of LEVELS) {
    const sums = {
      direct: { n: 0, s: 0, lat: [] as number[] },
      proxied: { n: 0, s: 0, lat: [] as number[] },
    };
    // Interleaved, so that both see the same load of a shared machine.
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, url] of [
        ['direct', direct],
        ['proxied', proxied],
      ] as const) {
        const r = await round(url, concurrency);
        sums[name].n += r.count;
        sums[name].s += r.seconds;
        sums[name].lat.push(...r.latencies);
      }
    }
    const figures = (x: { n: number; s: number; lat: number[] }) => ({
      perS: x.n / x.s,
      p50: median(x.lat),
    });
    out.push({ concurrency, direct: figures(sums.direct), proxied: figures(sums.proxied) });
  }
  return out;
}

/** One diffusion job through the proxy, followed to completion, its images viewed once. */
async function viewedJob(studio: StudioProcess, i: number): Promise<void> {
  const { job } = await json<{ job: { id: string } }>(
    `${studio.url}/studio-api/jobs`,
    post({ operation: 'diffusion', params: { text: `memory bench ${i} --ar 16:9` } }),
  );
  let images: { url: string }[] = [];
  await until(async () => {
    const read = await json<{
      job: { status: string; output: { images: { url: string }[] } | null };
    }>(`${studio.url}/studio-api/jobs/${job.id}`);
    if (read.job.status === 'failed') throw new Error('a memory bench job failed');
    images = read.job.output?.images ?? [];
    return read.job.status === 'completed';
  }, 300_000);
  for (const image of images) await (await fetch(`${studio.url}${image.url}`)).arrayBuffer();
}

/** The engine's media workers end after 1.5 s without work; this is after that. */
const IDLE_MS = 3000;

async function benchMemory(studio: StudioProcess): Promise<MemorySample[]> {
  const t0 = performance.now();
  const sample = (jobs: number | null) => ({
    jobs,
    ...studio.memory(),
    seconds: (performance.now() - t0) / 1000,
  });
  const memory = [sample(0)];
  let next = 0;
  for (let done = 0; done < MEMORY_JOBS; done += MEMORY_STEP) {
    const worker = async () => {
      while (next < done + MEMORY_STEP) await viewedJob(studio, next++);
    };
    await Promise.all(Array.from({ length: JOBS_IN_FLIGHT }, worker));
    memory.push(sample(next));
  }
  await new Promise((r) => setTimeout(r, IDLE_MS));
  memory.push(sample(null));
  return memory;
}

/** Runs `fn` on a studio of its own, started fresh and stopped after. */
async function withStudio<T>(fn: (studio: StudioProcess) => Promise<T>): Promise<T> {
  const studio = await startStudioProcess({ ENGINE_TASK_MS: '0' });
  try {
    return await fn(studio);
  } finally {
    await studio.stop();
  }
}

export const benchProxyReads = () => withStudio(benchReads);
export const benchStudioMemory = () => withStudio(benchMemory);

export async function benchProxyCost(): Promise<ProxyCostBench> {
  return { reads: await benchProxyReads(), memory: await benchStudioMemory() };
}

const f0 = (x: number) => x.toFixed(0);

export function printProxyCost(r: ProxyCostBench): void {
  console.log(
    `\n| job read, keep-alive, in flight | engine req/s | proxy req/s | proxy / engine (target ≥ 0.9) | p50 engine / proxy |`,
  );
  console.log(`|---|---|---|---|---|`);
  for (const t of r.reads) {
    const ratio = t.proxied.perS / t.direct.perS;
    console.log(
      `| ${t.concurrency} | ${f0(t.direct.perS)} | ${f0(t.proxied.perS)} | ${ratio.toFixed(2)}× | ${t.direct.p50.toFixed(1)} ms / ${t.proxied.p50.toFixed(1)} ms |`,
    );
  }
  console.log(
    `\n| diffusion jobs, 4 images of each viewed | studio process RSS (target ≤ 300 MB after 200 jobs, flat to 1,000) | launcher RSS | elapsed |`,
  );
  console.log(`|---|---|---|---|`);
  for (const m of r.memory) {
    const when = m.jobs === null ? `idle ${IDLE_MS / 1000} s after` : `${m.jobs} jobs`;
    console.log(`| ${when} | ${f0(m.studioMb)} MB | ${f0(m.launcherMb)} MB | ${f0(m.seconds)} s |`);
  }
}
