/**
 * A studio of its own for the account spec: the engine with one account of known balance
 * (ENGINE_ACCOUNTS), short tasks and its own alert threshold, on fresh data directories,
 * started as a child process (`tsx e2e/serve.ts`) on free ports. The spec reads the
 * service's own account endpoints beside the page, with the account's key.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface AccountStack {
  url: string;
  engineUrl: string;
  apiKey: string;
  /** GET one of the service's account endpoints (`balance`, `info`, `active_tasks`). */
  service(path: 'balance' | 'info' | 'active_tasks'): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export interface AccountStackOptions {
  credits: number;
  concurrency: number;
  taskMs: number;
  alertUsd: number;
  /** How many tasks the service stages beyond `concurrency` (its default: 20). */
  stagedLimit?: number;
}

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the account studio did not start at ${url}`);
}

export async function startAccountStack(opts: AccountStackOptions): Promise<AccountStack> {
  const root = mkdtempSync(join(tmpdir(), 'studio-e2e-account-'));
  const apiKey = 'sk-e2e-account-dashboard';
  const accounts = join(root, 'accounts.json');
  const account = {
    apiKey,
    name: 'E2E Accountant',
    credits: opts.credits,
    concurrency: opts.concurrency,
    ...(opts.stagedLimit === undefined ? {} : { stagedLimit: opts.stagedLimit }),
  };
  writeFileSync(accounts, JSON.stringify([account]));
  const [port, enginePort] = [await freePort(), await freePort()];
  const child = spawn(resolve('node_modules/.bin/tsx'), ['e2e/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ENGINE_PORT: String(enginePort),
      ENGINE_ACCOUNTS: accounts,
      ENGINE_TASK_MS: String(opts.taskMs),
      ENGINE_ALERT_USD: String(opts.alertUsd),
      UPSTREAM_API_KEY: apiKey,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const service = async (path: string) => {
    const res = await fetch(`${engineUrl}/api/account/${path}`, {
      headers: { 'x-api-key': apiKey },
    });
    const body = (await res.json()) as { data: Record<string, unknown> };
    return body.data;
  };
  return { url, engineUrl, apiKey, service, stop };
}
