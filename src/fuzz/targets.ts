import type { DestinationStream } from 'pino';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { uploadEnvelopeSchema } from '@/contract/studio-api';
import { taskResponseSchema } from '@/contract/task';
import { startTestEngine, type TestEngine } from '@/engine/test-support';
import { loadProxyConfig } from '@/proxy/config';
import { startProxy, type RunningProxy } from '@/proxy/server';
import { waitFor } from '@/proxy/test/harness';
import { rawRequest } from '@/proxy/test/raw-http';
import { minimalBodies } from './bodies';
import type { EngineSeeds } from './engine-requests';
import type { StudioSeeds } from './studio-requests';

/**
 * The fuzz's world: the engine, a studio without a password and one with, each on
 * 127.0.0.1 at an ephemeral port, and one real job, upload and session to aim at.
 */
export interface Targets {
  engine: TestEngine;
  studio: RunningProxy;
  locked: RunningProxy;
  studioSeeds: StudioSeeds;
  engineSeeds: EngineSeeds;
  stop(): Promise<void>;
}

const KEY = 'fuzz-key-0123456789';
const PASSWORD = 'fuzz password 01';

async function json(
  base: string,
  method: string,
  urlPath: string,
  body?: Buffer | string,
  type?: string,
) {
  const headers: Record<string, string> = type ? { 'content-type': type } : {};
  const res = await rawRequest(base, { method, path: urlPath, headers, body, timeoutMs: 20_000 });
  if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${res.body}`);
  return JSON.parse(res.body.toString()) as unknown;
}

function studio(
  root: string,
  name: string,
  engine: TestEngine,
  logDestination: DestinationStream,
  password?: string,
) {
  const dataDir = path.join(root, name);
  const webDir = path.join(root, 'web');
  const env = { PORT: '0', STUDIO_DATA_DIR: dataDir, STUDIO_WEB_DIR: webDir };
  const config = loadProxyConfig(env, {
    upstreamUrl: engine.url,
    upstreamApiKey: KEY,
    pollMs: 50,
    uploadMaxMb: 1,
    ...(password ? { studioPassword: password } : {}),
  });
  return startProxy(config, { logDestination });
}

/** One upload, one completed job and its callback token, in the studio without a password. */
async function seedStudio(s: RunningProxy, root: string, png: Buffer) {
  const form = `--x\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(form), png, Buffer.from('\r\n--x--\r\n')]);
  const up = uploadEnvelopeSchema.parse(
    await json(s.url, 'POST', '/studio-api/uploads', body, 'multipart/form-data; boundary=x'),
  ).upload;
  const create = JSON.stringify({ operation: 'diffusion', params: { text: 'a lighthouse' } });
  const created = (await json(s.url, 'POST', '/studio-api/jobs', create, 'application/json')) as {
    job: { id: string };
  };
  const handle = created.job.id;
  await waitFor(async () => {
    const { job } = (await json(s.url, 'GET', `/studio-api/jobs/${handle}`)) as {
      job: { status: string };
    };
    return job.status === 'completed';
  }, 30_000);
  const db = new Database(path.join(root, 'studio', 'studio.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT hook_token FROM jobs WHERE handle = ?').get(handle) as
      { hook_token: string | null } | undefined;
    return { handle, hookToken: row?.hook_token ?? 'A'.repeat(22), upload: up };
  } finally {
    db.close();
  }
}

async function signIn(locked: RunningProxy): Promise<string> {
  const res = await rawRequest(locked.url, {
    method: 'POST',
    path: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: PASSWORD }).toString(),
  });
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/**
 * The seeds and a few accepted image creates (no video: 480 is more than is left), one
 * running at a time: the rest are refused 402 or wait in the studio’s queue, which keeps the rendering a hostile
 * run causes small on a busy machine while every move of the ledger still happens.
 */
const ACCOUNT = {
  apiKey: KEY,
  name: 'fuzz',
  credits: 600,
  whitelisted: true,
  concurrency: 1,
  stagedLimit: 2,
  dailyErrorLimit: 10_000_000,
};

/** One completed diffusion task, created on the engine directly: its job_id. */
async function seedEngine(engine: TestEngine): Promise<string> {
  const res = await rawRequest(engine.url, {
    method: 'POST',
    path: '/api/v1/diffusion',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body: JSON.stringify({ text: 'a harbour at dusk' }),
  });
  const task = taskResponseSchema.parse(JSON.parse(res.body.toString()));
  await engine.waitFor(task.job_id, (t) => t.status === 'completed', 30_000);
  return task.job_id;
}

/** `logDestination` takes the log lines of the three servers. */
export async function startTargets(logDestination: DestinationStream): Promise<Targets> {
  const root = mkdtempSync(path.join(tmpdir(), 'fuzz-'));
  mkdirSync(path.join(root, 'web'));
  mkdirSync(path.join(root, 'engine'));
  writeFileSync(path.join(root, 'web', 'index.html'), '<!doctype html><div id="root"></div>');
  const engine = await startTestEngine({
    dataDir: path.join(root, 'engine'),
    taskMs: 20,
    accounts: [ACCOUNT],
    logDestination,
  });
  const open = await studio(root, 'studio', engine, logDestination);
  const locked = await studio(root, 'locked', engine, logDestination, PASSWORD);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const seed = await seedStudio(open, root, png);
  const jobId = await seedEngine(engine);
  const studioSeeds: StudioSeeds = {
    handle: seed.handle,
    hookToken: seed.hookToken,
    uploadFile: seed.upload.previewUrl.replace('/u/', ''),
    cookie: await signIn(locked),
    png: png.toString('latin1'),
    params: minimalBodies(seed.upload.url, jobId),
  };
  const engineSeeds: EngineSeeds = {
    key: KEY,
    jobId,
    bodies: minimalBodies(seed.upload.url, jobId),
  };
  return {
    engine,
    studio: open,
    locked,
    studioSeeds,
    engineSeeds,
    async stop() {
      await Promise.all([open.stop(), locked.stop()]);
      await engine.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
