import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEnvelopeSchema, jobListSchema, type Job } from '@/contract/studio-api';
import { startStudio, type RunningStudio } from './main';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('the launcher: proxy in front of the embedded engine', () => {
  let root: string;
  let studio: RunningStudio;
  const seen: string[] = [];

  async function call(path: string, init?: RequestInit): Promise<Response> {
    const res = await fetch(`${studio.url}${path}`, init);
    seen.push(`${path} ${JSON.stringify([...res.headers])}`);
    return res;
  }

  async function json(path: string, init?: RequestInit): Promise<unknown> {
    const res = await call(path, init);
    const text = await res.text();
    seen.push(text);
    expect(res.status, text).toBe(200);
    return JSON.parse(text);
  }

  const create = async (body: unknown): Promise<Job> =>
    jobEnvelopeSchema.parse(
      await json('/studio-api/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    ).job;

  async function untilDone(id: string): Promise<Job[]> {
    const states: Job[] = [];
    for (let i = 0; i < 200; i++) {
      const { job } = jobEnvelopeSchema.parse(await json(`/studio-api/jobs/${id}`));
      states.push(job);
      if (job.status === 'completed' || job.status === 'failed') return states;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${id} did not finish`);
  }

  async function untilSized(id: string): Promise<Job> {
    for (let i = 0; i < 200; i++) {
      const { job } = jobEnvelopeSchema.parse(await json(`/studio-api/jobs/${id}`));
      if (job.output?.images.every((img) => img.width !== null)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${id} got no sizes`);
  }

  async function decoded(url: string) {
    const res = await call(url);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'studio-launcher-'));
    studio = await startStudio({
      PORT: '0',
      STUDIO_DATA_DIR: join(root, 'studio'),
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_TASK_MS: '300',
      POLL_MS: '50',
    });
  });

  afterAll(async () => {
    await studio?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs a prompt to a 16:9 grid and upscales one image, with no UUID in what it answers', async () => {
    const grid = await create({
      operation: 'diffusion',
      params: { text: 'a lighthouse in a storm --ar 16:9' },
    });
    expect(['pending', 'staged']).toContain(grid.status);
    const states = await untilDone(grid.id);
    const done = states.at(-1);
    expect(done?.status).toBe('completed');
    // The embedded engine calls the proxy back, progress included: status arrives by push.
    expect(await json('/studio-api/status')).toMatchObject({ push: { mode: 'callbacks' } });
    expect(states.map((s) => s.status)).toContain('processing');
    expect(done?.output?.images).toHaveLength(4);
    expect(done?.output?.actions.upscale).toEqual([0, 1, 2, 3]);
    // Announced at once; the sizes follow once the images are cached.
    const image = (await untilSized(grid.id)).output?.images[1];
    expect(image).toMatchObject({ width: 1024, height: 576 });
    expect(await decoded(image?.url ?? '')).toMatchObject({ width: 1024, height: 576 });
    expect(await decoded(done?.output?.grid?.url ?? '')).toMatchObject({
      width: 2048,
      height: 1152,
    });

    const up = await create({ operation: 'upscale', parentId: grid.id, params: { imageNo: 1 } });
    expect(up.parentId).toBe(grid.id);
    expect(up.parentIndex).toBe(1);
    const upDone = (await untilDone(up.id)).at(-1);
    expect(upDone?.status).toBe('completed');
    expect(await decoded(upDone?.output?.images[0]?.url ?? '')).toMatchObject({
      width: 2048,
      height: 1152,
    });

    const list = jobListSchema.parse(await json('/studio-api/jobs'));
    expect(list.jobs.map((j) => j.id)).toEqual([up.id, grid.id]);
    expect(seen.join('\n')).not.toMatch(UUID_RE);
  });

  it('reports a rejected create in words that name the field', async () => {
    const res = await call('/studio-api/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'diffusion', params: { text: 'x --chaos 300' } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/--chaos/);
    expect(body.error.message).toMatch(/0 to 100/);
  });
});

describe('the launcher as a command', () => {
  /** What a process was started with: its environment and its arguments. */
  const startedWith = (pid: number) => ({
    env: readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'),
    args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
  });

  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const glibc =
    existsSync('/proc/self/environ') && report.header?.glibcVersionRuntime !== undefined;

  it.runIf(glibc)(
    "runs the studio under bounded malloc and young-generation settings, prints the embedded engine's addresses, and stops it on SIGTERM",
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'studio-launcher-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: '0',
        STUDIO_DATA_DIR: join(root, 's'),
        ENGINE_DATA_DIR: join(root, 'e'),
      };
      for (const k of ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'])
        delete env[k];
      const launcher = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        let out = '';
        launcher.stdout.on('data', (c: Buffer) => (out += c.toString()));
        for (let i = 0; i < 600 && !out.includes('Studio ready'); i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(out).toContain('Studio ready');
        // The embedded engine's API, and its root for an SDK, which adds /api itself.
        const api = /^ {2}API: +(http:\/\/\S+)$/m.exec(out)?.[1];
        const sdkBase = /^ {2}SDK base URL: (http:\/\/\S+)/m.exec(out)?.[1];
        expect(api).toBe(`${sdkBase}/api`);
        expect((await fetch(`${api}/openapi.json`)).status).toBe(200);
        expect((await fetch(`${sdkBase}/api/openapi.json`)).status).toBe(200);
        const pid = launcher.pid ?? 0;
        const [studio] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .trim()
          .split(' ');
        const inside = startedWith(Number(studio));
        expect(inside.env).toEqual(
          expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536']),
        );
        expect(inside.args).toContain('--max-semi-space-size=2');
        expect(startedWith(pid).env.some((e) => e.startsWith('MALLOC_ARENA_MAX='))).toBe(false);

        const exit = new Promise<number | null>((r) => launcher.once('exit', (code) => r(code)));
        launcher.kill('SIGTERM');
        expect(await exit).toBe(0);
        expect(out).toMatch(/studio proxy stopped/);
        expect(existsSync(`/proc/${studio}`)).toBe(false);
      } finally {
        launcher.kill('SIGKILL');
        rmSync(root, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
