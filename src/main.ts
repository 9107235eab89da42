/**
 * The launcher: starts the proxy, and the embedded engine beside it when no UPSTREAM_URL
 * is set. It is the one module that knows both programs. The programs are loaded when the
 * studio starts, not when this module is, so that a launcher which only starts the studio
 * again under other allocator settings (see `relaunchNeeded`) stays small.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningEngine } from '@/engine/server';
import { THEME_SCRIPT } from '@/web/lib/theme-script';

export interface RunningStudio {
  url: string;
  engineUrl: string | null;
  stop(): Promise<void>;
}

/**
 * glibc's malloc settings for the studio process, which renders and encodes images on
 * worker threads and libvips threads. By default each thread may get an arena of its
 * own and the threshold above which a block is mapped (and given back when freed) climbs
 * to 32 MB, so freed pixel buffers stay in the heap: about 600 MB after 200 jobs. With
 * two arenas, blocks of 64 KB or more always mapped and free heap top trimmed above
 * 128 KB, it stays near 300 MB (README, Performance). glibc reads them once, at process
 * start, so the launcher starts the studio again with them set.
 */
const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/**
 * Node flags of the relaunched studio. V8 gives each isolate (the main thread and every
 * render worker) up to 16 MB per semi-space of young objects; the renders' short-lived
 * objects filled them, about 60 MB of the peak. At 2 MB the scavenges are more frequent
 * and as quick, and job reads are served as fast.
 */
const NODE_FLAGS = ['--max-semi-space-size=2'];

const usesGlibc = (): boolean => {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return typeof report.header?.glibcVersionRuntime === 'string';
};

/** On glibc, unless the environment already chose malloc settings of its own. */
const relaunchNeeded = (env: NodeJS.ProcessEnv): boolean =>
  process.platform === 'linux' &&
  Object.keys(MALLOC_SETTINGS).every((k) => env[k] === undefined) &&
  usesGlibc();

/** libvips' settings are process-wide: they cover the engine's media workers too. */
async function boundImageMemory(): Promise<void> {
  const { default: sharp } = await import('sharp');
  // Every render is new: libvips' cache of recent operations (50 MB) is never reused.
  sharp.cache(false);
  // The engine's pool already runs one render per core; more threads per render would
  // only multiply the buffers in flight.
  sharp.concurrency(1);
}

async function startEmbeddedEngine(env: NodeJS.ProcessEnv): Promise<RunningEngine> {
  const { loadEngineConfig } = await import('@/engine/config');
  const { startEngine } = await import('@/engine/server');
  // The embedded engine takes an ephemeral port unless one is asked for, so a second
  // studio (or a standalone engine on 8090) never collides with it.
  const config = loadEngineConfig({ ENGINE_PORT: '0', ...env });
  return startEngine(config);
}

export async function startStudio(env: NodeJS.ProcessEnv = process.env): Promise<RunningStudio> {
  await boundImageMemory();
  const { loadProxyConfig } = await import('@/proxy/config');
  const { startProxy } = await import('@/proxy/server');
  const engine = env.UPSTREAM_URL ? null : await startEmbeddedEngine(env);
  try {
    const config = engine
      ? loadProxyConfig(env, {
          upstreamUrl: engine.url,
          upstreamApiKey: engine.apiKey ?? '',
          // The engine sends in-flight states when asked: cards move without polling.
          upstreamProgress: 'on',
        })
      : loadProxyConfig(env);
    const hooks = {
      // index.html's inline script (the build puts it there), allowed by its hash.
      pageScripts: [THEME_SCRIPT],
      // The web app's tree, which draws the Create page's first screen on the server:
      // loaded (React and the app's modules) only for a studio that draws it.
      ...(config.firstScreen === 'drawn'
        ? { firstScreen: (await import('@/web/server/first-screen')).firstScreen }
        : {}),
    };
    const proxy = await startProxy(config, hooks);
    return {
      url: proxy.url,
      engineUrl: engine?.url ?? null,
      async stop() {
        await proxy.stop();
        await engine?.stop();
      },
    };
  } catch (error) {
    await engine?.stop();
    throw error;
  }
}

/**
 * Runs this same command again with the malloc settings, passes SIGTERM and SIGINT on, and
 * ends with it. (A terminal's Ctrl-C reaches both; the studio takes a second signal calmly.)
 */
function relaunch(): void {
  // This module by its own path: `npm start` enters through scripts/start.ts.
  const args = [...process.execArgv, ...NODE_FLAGS, fileURLToPath(import.meta.url)];
  const child = spawn(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, ...MALLOC_SETTINGS },
  });
  const pass = (signal: NodeJS.Signals) => () => void child.kill(signal);
  process.on('SIGTERM', pass('SIGTERM'));
  process.on('SIGINT', pass('SIGINT'));
  child.once('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
}

/** What `npm start -- --help` prints; the configs are loaded only for it, as for a start. */
export async function launcherHelp(): Promise<string> {
  const { helpSection } = await import('@/server/settings');
  const { proxySettings } = await import('@/proxy/config');
  const { engineSettings } = await import('@/engine/config');
  const malloc = Object.entries(MALLOC_SETTINGS).map(([k, v]) => `${k}=${v}`);
  return [
    'Usage: npm start [-- --help]',
    '',
    'Starts the studio and, without UPSTREAM_URL, the engine beside it. It takes no',
    'arguments: every setting is an environment variable, read at start; a bad value stops',
    'it with a list of what is wrong.',
    '',
    helpSection('Studio (proxy)', proxySettings),
    '',
    helpSection('Engine (embedded: only without UPSTREAM_URL)', engineSettings),
    '',
    'Launcher memory (Linux with glibc): the studio runs in a child process with',
    `  ${malloc.join(' ')}`,
    `  and the Node flag ${NODE_FLAGS.join(' ')}. Set any of these MALLOC_ variables`,
    "  yourself and it runs in the launcher's process with your values instead.",
  ].join('\n');
}

/** The start-up lines: where to open the studio, and the embedded engine's addresses. */
async function readyLines(studio: RunningStudio): Promise<string> {
  if (!studio.engineUrl) return `Studio ready: open ${studio.url} (upstream: UPSTREAM_URL)`;
  const { engineAddressLines } = await import('@/engine/server');
  return [
    `Studio ready: open ${studio.url} (upstream: the embedded engine)`,
    'Embedded engine:',
    ...engineAddressLines(studio.engineUrl).map((line) => `  ${line}`),
  ].join('\n');
}

/** The launcher's command line: `--help`, or start the studio. */
export async function main(): Promise<void> {
  // `--help` and a wrong argument are answered here, before a relaunch; the settings code
  // is loaded only for them, so a launcher that relaunches stays small.
  const args = process.argv.slice(2);
  if (args.length > 0) {
    const { answerCommandLine } = await import('@/server/settings');
    if (!(await answerCommandLine(args, 'npm start -- --help', launcherHelp))) return;
  }
  if (relaunchNeeded(process.env)) return relaunch();
  let studio: RunningStudio;
  try {
    studio = await startStudio();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(await readyLines(studio));
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    void studio.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
