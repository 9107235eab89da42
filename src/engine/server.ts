import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { DestinationStream } from 'pino';
import { allowedHosts, isLoopbackBind, type HostRule } from '@/contract/allowed-hosts';
import { isTerminal } from '@/contract/task';
import { createLogger } from '@/server/log';
import { type JobCounters, jobCounters, newRegistry } from '@/server/metrics';
import type { AccountSpec } from './accounts/accounts-file';
import { devAccountSpec, readAccountsFile } from './accounts/accounts-file';
import { syncAccounts } from './accounts/accounts-store';
import { loadOrCreateDevKey } from './accounts/keys';
import { createEngineApp } from './app';
import { buildRequest, createDispatcher } from './callbacks/dispatcher';
import { createProgressNotifier } from './callbacks/progress';
import type { EngineConfig } from './config';
import type { EngineContext } from './routes/context';
import type { FetchPolicy, HostLookup } from './fetch/dial';
import { createScheduler } from './tasks/scheduler';
import type { Db } from './db/open';
import { openDatabase } from './db/open';
import { TaskStore } from './db/task-store';

export interface RunningEngine {
  /** `http://host:port` the engine listens on. */
  url: string;
  /** The dev account's key when no accounts file is configured, else null. */
  apiKey: string | null;
  stop(): Promise<void>;
}

/**
 * The engine's address as its start-up lines show it, and the launcher's. The API's URL
 * ends in `/api`; the service's SDKs add `/api` themselves, so the URL an SDK takes is the
 * root: given the API's URL, one would ask for `/api/api/...` and get 404.
 */
export const engineAddressLines = (url: string): string[] => [
  `API:          ${url}/api`,
  `SDK base URL: ${url}  (an SDK adds /api itself)`,
];

/** Open keep-alive connections get this long to finish before they are cut. */
const CLOSE_GRACE_MS = 3000;

export interface EngineHooks {
  /** Resolves callback host names instead of the system's resolver (tests map names). */
  lookup?: HostLookup;
  /** Where the log lines go instead of standard output (tests keep them). */
  logDestination?: DestinationStream;
}

function accountsOf(config: EngineConfig, dataDir: string) {
  if (config.accountsFile) {
    return { specs: readAccountsFile(config.accountsFile), apiKey: null };
  }
  const apiKey = loadOrCreateDevKey(dataDir);
  const specs: AccountSpec[] = [devAccountSpec(apiKey)];
  return { specs, apiKey };
}

/** A URL host for a bind address: wildcard binds are reached on loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(fetch: (req: Request) => Response | Promise<Response>, config: EngineConfig) {
  return new Promise<http.Server>((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }, () => {
      server.off('error', reject);
      resolve(server as http.Server);
    });
    server.once('error', reject);
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function prepare(config: EngineConfig) {
  const dataDir = path.resolve(config.dataDir);
  const filesDir = path.join(dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  const db: Db = openDatabase(dataDir);
  try {
    const { specs, apiKey } = accountsOf(config, dataDir);
    syncAccounts(db, specs, new Date().toISOString());
    return { db, filesDir, apiKey };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** The scheduler and the callback dispatcher, wired so a finished attempt wakes the dispatcher. */
function createLoops(
  config: EngineConfig,
  db: Db,
  filesDir: string,
  publicUrl: () => string,
  hooks: EngineHooks,
  jobs: JobCounters,
  logError: (err: unknown) => void,
) {
  const tasks = new TaskStore(db);
  const now = () => new Date();
  const fetchPolicy: FetchPolicy = { allowPrivate: config.allowPrivateFetch, lookup: hooks.lookup };
  const dispatcher = createDispatcher({
    db,
    tasks,
    now,
    publicUrl,
    fetchPolicy,
    onError: logError,
  });
  const progress = createProgressNotifier(
    tasks,
    (task) => buildRequest({ db, now, publicUrl }, task),
    fetchPolicy,
    logError,
  );
  const scheduler = createScheduler({
    db,
    tasks,
    now,
    filesDir,
    taskMs: config.taskMs,
    faultRate: config.faultRate,
    allowPrivateFetch: config.allowPrivateFetch,
    random: Math.random,
    onError: logError,
    onAttemptEnd: (jobId) => {
      dispatcher.notify();
      const task = tasks.get(jobId);
      if (task && isTerminal(task.status)) jobs.finished(task.taskType, task.status);
    },
    onProgress: (jobId) => progress.notify(jobId),
  });
  return { tasks, now, scheduler, dispatcher, progress };
}

/** Starts the engine: store, accounts, HTTP server, scheduler and callback dispatcher. */
export async function startEngine(
  config: EngineConfig,
  hooks: EngineHooks = {},
): Promise<RunningEngine> {
  const { db, filesDir, apiKey } = prepare(config);
  const log = createLogger({
    level: config.logLevel,
    ...(hooks.logDestination ? { destination: hooks.logDestination } : {}),
  });
  const logError = (err: unknown) => log.error('engine failure', { err });
  let publicUrl = config.publicUrl ?? '';
  // A registry per engine: the launcher's studio and tests' engines count apart.
  const registry = newRegistry();
  const jobs = jobCounters(registry);
  const { tasks, now, scheduler, dispatcher, progress } = createLoops(
    config,
    db,
    filesDir,
    () => publicUrl,
    hooks,
    jobs,
    logError,
  );
  const ctx: EngineContext = {
    db,
    tasks,
    filesDir,
    jobTtlS: config.jobTtlS,
    extendWindowS: config.extendWindowS,
    enhanceUpscale: config.enhanceUpscale,
    allowPrivateFetch: config.allowPrivateFetch,
    alertUsd: config.alertUsd,
    now,
    publicUrl: () => publicUrl,
    onCreated: (operation) => {
      jobs.created(operation);
      scheduler.notify();
    },
  };
  // Checked on loopback (where a rebound name reaches it), or wherever names are listed;
  // nothing is answered until the port, and so the allowed hosts, are known.
  const guarded = isLoopbackBind(config.host) || config.allowedHosts.length > 0;
  let hosts: HostRule[] | null = guarded ? [] : null;
  const app = createEngineApp(ctx, {
    onError: logError,
    log,
    allowedHosts: () => hosts,
    metrics: { registry, token: config.metricsToken },
  });
  let server: http.Server;
  try {
    server = await listen(app.fetch, config);
  } catch (err) {
    db.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(config.host)}:${port}`;
  publicUrl ||= url;
  if (guarded) hosts = allowedHosts(port, [url, publicUrl], config.allowedHosts);
  scheduler.start();
  dispatcher.start();

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await Promise.all([closeServer(server), scheduler.stop(), dispatcher.stop()]);
      await progress.drain();
      db.close();
    })();
    return stopping;
  };
  return { url, apiKey, stop };
}
