import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { TaskResponse } from '@/contract/task';
import { taskResponseSchema } from '@/contract/task';
import type { z } from 'zod';
import type { accountSpecSchema } from './accounts/accounts-file';
import { auditLedger } from './accounts/ledger';
import type { EngineConfigInput } from './config';
import { engineConfigSchema } from './config';
import type { EngineHooks, RunningEngine } from './server';
import { startEngine } from './server';

/**
 * Shared by the engine's tests: a real engine on 127.0.0.1, port 0, in its own temp
 * data dir, and small helpers to talk to it over HTTP the way any client would.
 */
type TestAccount = z.input<typeof accountSpecSchema>;

export interface TestEngineOptions
  extends Omit<EngineConfigInput, 'dataDir' | 'accountsFile'>, EngineHooks {
  dataDir?: string;
  accounts?: TestAccount[];
}

export interface TestEngine {
  engine: RunningEngine;
  dataDir: string;
  url: string;
  /** The dev account's key, or the first listed account's. */
  key: string;
  post(
    op: string,
    body: unknown,
    key?: string | null,
  ): Promise<{ status: number; body: TaskResponse }>;
  job(jobId: string): Promise<{ status: number; body: TaskResponse }>;
  get(pathname: string, headers?: Record<string, string>): Promise<Response>;
  waitFor(
    jobId: string,
    done: (t: TaskResponse) => boolean,
    timeoutMs?: number,
  ): Promise<TaskResponse>;
  audit(): string[];
  /** The engine's log lines, unless the options named a destination of their own. */
  logs: string[];
  stop(): Promise<void>;
}

const madeDirs = new Set<string>();

/** A fresh data directory, removed by `removeTempDirs` (or by the engine made on it here). */
export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-test-'));
  madeDirs.add(dir);
  return dir;
}

/** Removes every directory `tempDir` made in this process: for a test file's `afterAll`. */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...madeDirs];
  madeDirs.clear();
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
}

async function writeAccounts(dataDir: string, accounts: TestAccount[] | undefined) {
  if (!accounts) return undefined;
  const file = path.join(dataDir, 'accounts.json');
  await fs.writeFile(file, JSON.stringify(accounts));
  return file;
}

export async function startTestEngine(opts: TestEngineOptions = {}): Promise<TestEngine> {
  const { accounts, lookup, logDestination, ...rest } = opts;
  const logs: string[] = [];
  // A data directory made here is the engine's alone, and goes with it (a run of the
  // engine tests would otherwise leave about a gigabyte of media behind).
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await tempDir());
  const accountsFile = await writeAccounts(dataDir, accounts);
  const config = engineConfigSchema.parse({ port: 0, taskMs: 50, ...rest, dataDir, accountsFile });
  const engine = await startEngine(config, {
    lookup,
    logDestination: logDestination ?? { write: (line) => void logs.push(line) },
  });
  const url = engine.url;
  const key = engine.apiKey ?? accounts?.[0]?.apiKey ?? '';

  const post: TestEngine['post'] = async (op, body, k = key) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (k !== null) headers['x-api-key'] = k;
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await fetch(`${url}/api/v1/${op}`, { method: 'POST', headers, body: payload });
    return { status: res.status, body: taskResponseSchema.parse(await res.json()) };
  };
  const job: TestEngine['job'] = async (jobId) => {
    const res = await fetch(`${url}/api/v1/job/${jobId}`);
    return { status: res.status, body: taskResponseSchema.parse(await res.json()) };
  };
  const waitFor: TestEngine['waitFor'] = async (jobId, done, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await job(jobId);
      if (done(body)) return body;
      if (Date.now() > deadline) throw new Error(`job ${jobId} stuck in ${body.status}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const audit = () => {
    // A second connection reads the WAL database while the engine writes it.
    const db = new Database(path.join(dataDir, 'engine.sqlite'), { readonly: true });
    try {
      return auditLedger(db);
    } finally {
      db.close();
    }
  };
  return {
    engine,
    dataDir,
    url,
    key,
    post,
    job,
    get: (p, headers) => fetch(`${url}${p}`, { headers }),
    waitFor,
    audit,
    logs,
    stop: async () => {
      await engine.stop();
      if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `npm run engine`'s entry point (src/engine/main.ts) as a child process and resolves
 * with what it prints: the API's URL, the base URL an SDK takes (`url`) and the dev key.
 * The child is the engine itself, not a tsx launcher in front of it, so a signal sent to it
 * reaches the engine.
 */
export function spawnEngine(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/engine/main.ts'], {
    env: { ...process.env, ENGINE_PORT: '0', ENGINE_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<{ api: string; url: string; key: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const api = /^ {2}API: +(http:\/\/\S+)$/m.exec(out)?.[1];
      const url = /^ {2}SDK base URL: (http:\/\/\S+)/m.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (api && url && key) resolve({ api, url, key });
    });
    child.once('exit', (code) => reject(new Error(`engine exited with ${code}: ${out}`)));
  });
  return { child, ready };
}

export const isFinal = (t: TaskResponse): boolean =>
  t.status === 'completed' || t.status === 'failed';

/**
 * A request sent with the `Host` given, which fetch will not do: what a browser sends
 * after DNS rebinding pointed another name at the engine.
 */
export function requestAs(
  host: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const { hostname, port, pathname } = new URL(url);
  const headers = { ...init.headers, host };
  const options = { hostname, port, path: pathname, method: init.method, headers, timeout: 5000 };
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
