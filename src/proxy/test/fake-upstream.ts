import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpBindings, serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import sharp from 'sharp';
import { signWebhook } from '@/server/webhook-signature';
import { accountBody, errorTask } from './fake-bodies';

export { errorTask };

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
  /** Finished by time (tasks created with a callback), not by reads. */
  done: boolean;
}

/** One callback POST the fake made, and what came of it. */
export interface Delivery {
  url: string;
  status: number | null;
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
  /** Media answers sent in full so far. */
  mediaAnswered = 0;
  /** When set, media requests are held here (received, not answered) until it resolves. */
  mediaGate: Promise<void> | null = null;
  accountReads = 0;
  jobReads = 0;
  maxConcurrentReads = 0;
  private concurrentReads = 0;
  nextCreate: CannedAnswer | null = null;
  /** The next this many creates are refused as busy (429), nothing made. */
  busyCreates = 0;
  /** Status for the next job reads (e.g. 500 twice), consumed one per read. */
  readFailures: number[] = [];
  /** Extra latency of the next job reads, one per read (timeouts). */
  readDelays: number[] = [];
  /** Latency of every create. */
  createDelayMs = 0;
  /** When set, creates are held here (received, nothing made) until the test releases it. */
  createGate: Promise<void> | null = null;
  /** Creates beyond this many tasks are lost: nothing is made and the connection is cut. */
  maxTasks = Number.POSITIVE_INFINITY;
  /** Latency of a create's answer after its task was made: its callback may come first. */
  answerDelayMs = 0;
  /** Cuts the connection instead of answering a create; the task is made all the same. */
  cutCreateAnswers = false;
  /** Reads that return `processing` before completing; tests of backoff raise it. */
  readsToComplete = 3;
  /**
   * A task created with a callback completes this long after its create, whether read or
   * not, and is then POSTed to the callback like the engine does (unless turned off).
   */
  callbackAfterMs = 80;
  deliverCallbacks = true;
  /** Signs callbacks like the engine does for an account with a webhook secret. */
  webhookSecret: string | null = null;
  /** Seconds added to the callback timestamp (a replay or a bad clock). */
  callbackClockSkewS = 0;
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private server: ReturnType<typeof serve> | null = null;
  private media = new Map<string, Buffer>();

  /** On `port` (0: a free one); a restart after `stop` passes the old one back. */
  async start(port = 0): Promise<this> {
    this.media.set('grid', await png(GRID.width, GRID.height, 200));
    this.media.set('image', await png(IMAGE.width, IMAGE.height, 40));
    const app = this.app();
    await new Promise<void>((resolve) => {
      this.server = serve(
        { fetch: app.fetch, port, hostname: '127.0.0.1' },
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
    for (const t of this.timers) clearTimeout(t);
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

  private async create(c: Context<{ Bindings: HttpBindings }>): Promise<Response> {
    const body = await c.req.json<Record<string, unknown>>();
    const key = c.req.header('x-api-key') ?? null;
    const operation = c.req.param('op') ?? '';
    this.creates.push({ operation, body, key });
    if (this.createDelayMs > 0) await new Promise((r) => setTimeout(r, this.createDelayMs));
    await this.createGate;
    const cut = () => {
      c.env.incoming.socket.destroy();
      return c.body(null, 500);
    };
    if (this.tasks.size >= this.maxTasks) return cut();
    const canned = this.nextCreate;
    this.nextCreate = null;
    if (canned) return c.json(canned.body, canned.status as ContentfulStatusCode, canned.headers);
    if (this.busyCreates > 0) {
      this.busyCreates--;
      return c.json(errorTask(429, 'concurrency limit reached'), 429);
    }
    if (key !== FAKE_KEY) return c.json(errorTask(401, 'invalid api key'), 401);
    // Like the service for a parent past its TTL: a follow-up of an unknown job is a 404.
    if (typeof body.jobId === 'string' && !this.tasks.has(body.jobId)) {
      return c.json(errorTask(404, `jobId: no task ${body.jobId} found`), 404);
    }
    const task: FakeTask = { id: randomUUID(), operation, input: body, reads: 0, done: false };
    this.tasks.set(task.id, task);
    if (typeof body.callback === 'string' && body.callback !== '') {
      const url = body.callback;
      this.later(() => this.finish(task, url));
    }
    if (this.answerDelayMs > 0) await new Promise((r) => setTimeout(r, this.answerDelayMs));
    return this.cutCreateAnswers ? cut() : c.json(this.render(task));
  }

  private app(): Hono<{ Bindings: HttpBindings }> {
    const app = new Hono<{ Bindings: HttpBindings }>();
    app.post('/api/v1/:op', (c) => this.create(c));
    app.get('/api/v1/job/:id', async (c) => {
      this.jobReads++;
      const delay = this.readDelays.shift();
      if (delay) await new Promise((r) => setTimeout(r, delay));
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
    app.get('/files/:name', async (c) => {
      this.mediaRequests.push({ path: c.req.path, apiKey: c.req.header('x-api-key') ?? null });
      await this.mediaGate;
      this.mediaAnswered++;
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
      // Like the service, it counts the tasks that have not finished.
      const running = [...this.tasks.values()].filter((t) => !this.finished(t)).length;
      return c.json(accountBody(c.req.param('what'), running));
    });
    return app;
  }

  /** A media file as this fake serves it: `grid`, `image` (each of 0-3) or `video`. */
  mediaBytes(kind: 'grid' | 'image'): Buffer {
    const bytes = this.media.get(kind);
    if (!bytes) throw new Error('the fake has not started');
    return bytes;
  }

  /** From now on serves `bytes` as every `grid` or every `image` file (once started). */
  serveMedia(kind: 'grid' | 'image', bytes: Buffer): void {
    this.media.set(kind, bytes);
  }

  /** The reads of the task with this upstream id. */
  readsOf(id: string): number {
    return this.tasks.get(id)?.reads ?? 0;
  }

  private later(fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void fn();
    }, this.callbackAfterMs);
    this.timers.add(timer);
  }

  private async finish(task: FakeTask, url: string): Promise<void> {
    task.done = true;
    if (!this.deliverCallbacks) return;
    const body = JSON.stringify(this.render(task));
    const timestamp = String(Math.floor(Date.now() / 1000) + this.callbackClockSkewS);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
    };
    if (this.webhookSecret) {
      headers['x-webhook-signature'] = signWebhook(this.webhookSecret, timestamp, body);
    }
    const delivery: Delivery = { url, status: null };
    this.deliveries.push(delivery);
    try {
      const res = await fetch(url, { method: 'POST', body, headers });
      await res.body?.cancel();
      delivery.status = res.status;
    } catch {
      // Unreachable: the status stays null, as for the engine's failed attempts.
    }
  }

  private finished(task: FakeTask): boolean {
    return task.done || task.reads >= this.readsToComplete;
  }

  private render(task: FakeTask): Record<string, unknown> {
    const done = this.finished(task);
    const status = done ? 'completed' : task.reads === 0 ? 'pending' : 'processing';
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
