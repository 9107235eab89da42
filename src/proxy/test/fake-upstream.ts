import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import sharp from 'sharp';
import { fixture } from './fixtures';

/** A one-shot answer for the next create: status, JSON body, extra headers. */
export interface CannedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface FakeTask {
  id: string;
  operation: string;
  input: Record<string, unknown>;
  reads: number;
}

export const FAKE_KEY = 'sk-test-0123456789abcdef';
/** Grid 16:9 and images 16:9, small so the tests stay fast. */
export const GRID = { width: 64, height: 36 };
export const IMAGE = { width: 32, height: 18 };
const VIDEO_OPS = new Set(['video-diffusion', 'extend-video', 'video-upscale']);
const TEXT_OPS = new Set(['describe', 'shorten']);

const png = (w: number, h: number, r: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 80, b: 160 } } })
    .png()
    .toBuffer();

/** Bytes that sniff as MP4: an `ftyp` box, then filler. */
const FAKE_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42', 'latin1'),
  Buffer.alloc(4000, 7),
]);

const taskType = (op: string) => op.replace(/-/g, '_');

/**
 * A small stand-in for the task service over a real socket: creates answer `pending`
 * with a UUID; each read moves a job on (processing 30%, 70%, then completed with media
 * served by this same server). Failures are injected per test.
 */
export class FakeUpstream {
  url = '';
  readonly creates: { operation: string; body: Record<string, unknown>; key: string | null }[] = [];
  readonly tasks = new Map<string, FakeTask>();
  readonly mediaRequests: { path: string; apiKey: string | null }[] = [];
  accountReads = 0;
  jobReads = 0;
  maxConcurrentReads = 0;
  private concurrentReads = 0;
  nextCreate: CannedAnswer | null = null;
  /** Status for the next job reads (e.g. 500 twice), consumed one per read. */
  readFailures: number[] = [];
  /** Reads that return `processing` before completing; tests of backoff raise it. */
  readsToComplete = 3;
  private server: ReturnType<typeof serve> | null = null;
  private media = new Map<string, Buffer>();

  async start(): Promise<this> {
    this.media.set('grid', await png(GRID.width, GRID.height, 200));
    this.media.set('image', await png(IMAGE.width, IMAGE.height, 40));
    const app = this.app();
    await new Promise<void>((resolve) => {
      this.server = serve(
        { fetch: app.fetch, port: 0, hostname: '127.0.0.1' },
        (info: AddressInfo) => {
          this.url = `http://127.0.0.1:${info.port}`;
          resolve();
        },
      );
    });
    return this;
  }

  /** Abrupt on purpose: the tests of an unreachable upstream stop it mid-run. */
  stop(): Promise<void> {
    const server = this.server as Server | null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  jobIds(): string[] {
    return [...this.tasks.keys()];
  }

  private app(): Hono {
    const app = new Hono();
    app.post('/api/v1/:op', async (c) => {
      const body = (await c.req.json()) as Record<string, unknown>;
      const key = c.req.header('x-api-key') ?? null;
      this.creates.push({ operation: c.req.param('op'), body, key });
      const canned = this.nextCreate;
      this.nextCreate = null;
      if (canned) return c.json(canned.body, canned.status as ContentfulStatusCode, canned.headers);
      if (key !== FAKE_KEY) return c.json(errorTask(401, 'invalid api key'), 401);
      const task: FakeTask = {
        id: randomUUID(),
        operation: c.req.param('op'),
        input: body,
        reads: 0,
      };
      this.tasks.set(task.id, task);
      return c.json(this.render(task));
    });
    app.get('/api/v1/job/:id', async (c) => {
      this.jobReads++;
      this.concurrentReads++;
      this.maxConcurrentReads = Math.max(this.maxConcurrentReads, this.concurrentReads);
      // A little latency, so that reads can overlap.
      await new Promise((r) => setTimeout(r, 5));
      this.concurrentReads--;
      const failure = this.readFailures.shift();
      if (failure)
        return c.json(errorTask(failure, 'read failed'), failure as ContentfulStatusCode);
      const task = this.tasks.get(c.req.param('id'));
      if (!task) return c.json(errorTask(404, 'job not found'), 404);
      task.reads++;
      return c.json(this.render(task));
    });
    app.get('/files/:name', (c) => {
      this.mediaRequests.push({ path: c.req.path, apiKey: c.req.header('x-api-key') ?? null });
      const name = c.req.param('name');
      if (name.endsWith('.mp4'))
        return c.body(new Uint8Array(FAKE_MP4), 200, {
          'content-type': 'application/octet-stream',
        });
      const bytes = this.media.get(name.includes('_grid') ? 'grid' : 'image');
      return bytes
        ? c.body(new Uint8Array(bytes), 200, { 'content-type': 'image/png' })
        : c.notFound();
    });
    app.get('/api/account/:what', (c) => {
      this.accountReads++;
      if (c.req.header('x-api-key') !== FAKE_KEY)
        return c.json({ message: 'invalid api key' }, 401);
      return c.json(accountBody(c.req.param('what'), this.tasks.size));
    });
    return app;
  }

  private render(task: FakeTask): Record<string, unknown> {
    const done = task.reads >= this.readsToComplete;
    const status = task.reads === 0 ? 'pending' : done ? 'completed' : 'processing';
    const progress = task.reads === 1 ? 30 : 70;
    return {
      job_id: task.id,
      model: 'midjourney',
      task_type: taskType(task.operation),
      status,
      config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
      input: task.input,
      // Like the real service: an object of empty strings until the task completes.
      output: done ? this.output(task) : { image_url: '', image_urls: null, seed: '' },
      meta: {
        created_at: '2026-01-04T05:54:17Z',
        started_at: task.reads > 0 ? '2026-01-04T05:54:18Z' : '0001-01-01T00:00:00Z',
        ended_at: done ? '2026-01-04T05:54:58Z' : '',
        usage: { type: 'point', frozen: 80, consume: done ? 80 : 0 },
      },
      detail: null,
      logs: status === 'processing' ? [`progress ${progress}%`] : [],
      error: { code: 0, raw_message: '', message: '', detail: null },
    };
  }

  private output(task: FakeTask): Record<string, unknown> {
    const file = (suffix: string) => `${this.url}/files/${task.id}_${suffix}`;
    if (VIDEO_OPS.has(task.operation)) {
      return { video_urls: [0, 1, 2, 3].map((n) => file(`${n}.mp4`)), seed: '77' };
    }
    if (TEXT_OPS.has(task.operation)) return { prompts: ['a short prompt', 'another'] };
    if (task.operation === 'upscale') {
      return { image_url: file('0.png'), image_urls: [file('0.png')], seed: '12' };
    }
    return {
      image_url: file('grid.png'),
      image_urls: [0, 1, 2, 3].map((n) => file(`${n}.png`)),
      seed: '3736631383',
      available_actions: { upscale: [0, 1, 2, 3], variation: [0, 1, 2, 3], reroll: true },
    };
  }
}

/** A rejection in the TaskResponse shape, as the service sends for task endpoints. */
export function errorTask(code: number, message: string): Record<string, unknown> {
  return {
    job_id: '',
    model: '',
    task_type: '',
    status: 'failed',
    config: { service_mode: '', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: null,
    meta: null,
    detail: null,
    logs: null,
    error: { code, raw_message: '', message, detail: null },
  };
}

function accountBody(what: string, created: number): unknown {
  if (what === 'balance') return fixture('account-balance');
  const data =
    what === 'info'
      ? {
          id: 1,
          name: 'Studio Tester',
          is_enable: true,
          plan: 'pro',
          type: 'user',
          max_concurrent_task_count: 6,
          wallet: { point_remain: 1048, point_frozen: 80, point_used: 920 },
          credit_pack_info: { total_credits: 80000, available_credits: 71000, frozen_credits: 0 },
          api_keys: null,
        }
      : { account_id: 1, total_active: created, concurrent_limit: 6, tasks: [] };
  return { code: 200, data, message: 'success' };
}
