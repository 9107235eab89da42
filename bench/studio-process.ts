/**
 * The studio as `npm start` runs it (the launcher, and the proxy and the embedded engine in
 * one process, which the launcher starts again under its malloc settings), on fresh data
 * directories, so that the benchmark's own work (the load loop, the browser driver)
 * neither shares its event loop nor counts in its memory. Upstream requests are counted
 * inside it by `upstream-counter.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Where to open the studio, and the embedded engine's root (the base URL an SDK takes). */
const READY =
  /Studio ready: open (\S+) \(upstream: the embedded engine\)\n[\s\S]*?SDK base URL: (\S+)/;
const START_TIMEOUT_MS = 60_000;
const MAX_LOG_LINES = 20_000;

export interface StudioProcess {
  url: string;
  engineUrl: string;
  /** The engine's dev account key (for creates made straight at the engine). */
  engineKey: string;
  /** Where the studio keeps `studio.sqlite`, `media/` and `uploads/`. */
  studioDir: string;
  /**
   * When the studio logged `msg` for each job handle (its JSON log lines on stdout), e.g.
   * `job finished`: the moment it stored a job's end.
   */
  loggedAt(msg: string): Map<string, number>;
  /** Resident memory of the studio process, and of the launcher waiting for it, in MB. */
  memory(): { studioMb: number; launcherMb: number };
  /** Upstream requests made since the start (or the last reset), by kind. */
  upstreamCounts(): Record<string, number>;
  resetUpstreamCounts(): void;
  stop(): Promise<void>;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** The processes `pid` started (the studio, when the launcher started it again). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

function memoryOf(pid: number): { studioMb: number; launcherMb: number } {
  const [studio] = childrenOf(pid);
  return studio === undefined
    ? { studioMb: residentMb(pid), launcherMb: 0 }
    : { studioMb: residentMb(studio), launcherMb: residentMb(pid) };
}

function countsIn(file: string): Record<string, number> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

function loggedAt(lines: readonly string[], msg: string): Map<string, number> {
  const at = new Map<string, number>();
  for (const line of lines) {
    if (!line.startsWith('{') || !line.includes(msg)) continue;
    const entry = JSON.parse(line) as { msg?: string; handle?: string; time?: string };
    if (entry.msg === msg && entry.handle && entry.time)
      at.set(entry.handle, Date.parse(entry.time));
  }
  return at;
}

function waitForReady(child: ChildProcess): Promise<{ url: string; engineUrl: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`studio did not start:\n${out}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = READY.exec(out);
      if (m?.[1] && m[2]) {
        clearTimeout(timer);
        resolve({ url: m[1], engineUrl: m[2] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`studio exited with ${code}:\n${out}`));
    });
  });
}

/**
 * Starts `src/main.ts` with `env` added to this process's environment; `nodeArgs` go to
 * node before it (`--cpu-prof` to see where the studio spends its time).
 */
export async function startStudioProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<StudioProcess> {
  const root = mkdtempSync(join(tmpdir(), 'bench-studio-'));
  const studioDir = join(root, 'studio');
  const engineDir = join(root, 'engine');
  const countsFile = join(root, 'upstream-counts.json');
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--import', './bench/upstream-counter.ts', 'src/main.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        STUDIO_DATA_DIR: studioDir,
        ENGINE_DATA_DIR: engineDir,
        BENCH_UPSTREAM_COUNTS: countsFile,
        ...env,
      },
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Drained, so that a chatty log never blocks the studio on a full pipe.
  child.stderr?.resume();
  let ready: { url: string; engineUrl: string };
  try {
    ready = await waitForReady(child);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  // The last lines of its log, for `loggedAt`.
  const lines: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (lines.length > MAX_LOG_LINES) lines.splice(0, lines.length - MAX_LOG_LINES);
  });
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let since: Record<string, number> = {};
  return {
    ...ready,
    engineKey: readFileSync(join(engineDir, 'dev-api-key'), 'utf8').trim(),
    studioDir,
    loggedAt: (msg) => loggedAt(lines, msg),
    memory: () => memoryOf(pid),
    upstreamCounts: () => {
      const now = countsIn(countsFile);
      const kinds = Object.keys(now).filter((k) => (now[k] ?? 0) > (since[k] ?? 0));
      return Object.fromEntries(kinds.map((k) => [k, (now[k] ?? 0) - (since[k] ?? 0)]));
    },
    resetUpstreamCounts: () => {
      since = countsIn(countsFile);
    },
    async stop() {
      const tree = [...childrenOf(pid), pid];
      child.kill('SIGTERM');
      const killer = setTimeout(() => {
        for (const p of tree) {
          try {
            process.kill(p, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }, 15_000);
      await exited;
      clearTimeout(killer);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
