/**
 * A studio whose engine runs as a server of its own, so a spec can stop the engine while
 * the studio stays up, and start it again on the same port and data: an outage of the
 * image service and its end, as the studio sees them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHealth } from './account-stack';

export interface OutageStack {
  url: string;
  /** Kills the engine at once, as a crash or a network cut would look to the studio. */
  stopEngine(): Promise<void>;
  /** The engine again, on the same port and data: running tasks resume. */
  startEngine(): Promise<void>;
  stop(): Promise<void>;
}

export function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; exited: Promise<void> } {
  // Node itself with tsx's loader, not the tsx wrapper: a kill must reach the server, and
  // SIGKILL is not passed on by a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited };
}

/** The e2e studio (serve.ts) on a free loopback port, with `env` over the runner's. */
export async function runStudio(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; child: ChildProcess; exited: Promise<void> }> {
  const port = await freePort();
  const studio = run(['e2e/serve.ts'], { PORT: String(port), HOST: '127.0.0.1', ...env });
  return { url: `http://127.0.0.1:${port}`, ...studio };
}

export async function startOutageStack(taskMs: number): Promise<OutageStack> {
  const root = mkdtempSync(join(tmpdir(), 'studio-e2e-outage-'));
  const apiKey = 'sk-e2e-outage';
  const accounts = join(root, 'accounts.json');
  writeFileSync(
    accounts,
    JSON.stringify([{ apiKey, name: 'Outage', credits: 100_000, concurrency: 4 }]),
  );
  const enginePort = await freePort();
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  const engineEnv = {
    ENGINE_PORT: String(enginePort),
    ENGINE_HOST: '127.0.0.1',
    ENGINE_DATA_DIR: join(root, 'engine'),
    ENGINE_ACCOUNTS: accounts,
    ENGINE_TASK_MS: String(taskMs),
  };
  let engine = run(['src/engine/main.ts'], engineEnv);
  const studio = await runStudio({
    UPSTREAM_URL: engineUrl,
    UPSTREAM_API_KEY: apiKey,
    UPSTREAM_PROGRESS: 'on',
  });
  const url = studio.url;
  const stopEngine = async () => {
    engine.child.kill('SIGKILL');
    await engine.exited;
  };
  const startEngine = async () => {
    engine = run(['src/engine/main.ts'], engineEnv);
    await waitForHealth(engineUrl, 30_000);
  };
  const stop = async () => {
    studio.child.kill('SIGTERM');
    await Promise.all([studio.exited, stopEngine()]);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitForHealth(engineUrl, 60_000);
    await waitForHealth(url, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stopEngine, startEngine, stop };
}
