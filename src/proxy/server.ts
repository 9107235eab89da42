import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { AccountService } from './account/summary';
import { createApp } from './app';
import type { ProxyConfig } from './config';
import { createLogger, createRedactor } from './log';
import { MediaCache } from './media/cache';
import { openDatabase } from './store/db';
import { JobStore } from './store/jobs';
import { UpstreamClient } from './upstream/client';
import { UpstreamPoller } from './upstream/poller';

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/** In-flight requests get this long to finish at shutdown before connections are cut. */
const DRAIN_MS = 5000;

function listen(app: Hono, port: number, hostname: string) {
  return new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info) =>
      resolve({ server: server as Server, port: info.port }),
    );
    server.once('error', reject);
  });
}

/**
 * Stops accepting connections and lets requests in flight finish. A keep-alive connection
 * whose response ends during the drain would otherwise stay open until the client's own
 * idle timeout, so idle ones are swept until the server has closed.
 */
function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The address to print and to call: a wildcard bind is reachable on loopback. */
function publicUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

/** Starts the studio proxy: store, upstream client, poller and the HTTP server. */
export async function startProxy(config: ProxyConfig): Promise<RunningProxy> {
  const redact = createRedactor([config.upstreamApiKey]);
  const log = createLogger(redact);
  const dataDir = path.resolve(config.dataDir);
  const db = openDatabase(dataDir);
  const store = new JobStore(db);
  const upstream = new UpstreamClient({
    baseUrl: config.upstreamUrl,
    apiKey: config.upstreamApiKey,
    redact,
  });
  const media = new MediaCache(path.join(dataDir, 'media'), upstream);
  const poller = new UpstreamPoller({ store, upstream, media, redact, log, pollMs: config.pollMs });
  const account = new AccountService(upstream);
  const app = createApp({
    store,
    upstream,
    poller,
    media,
    account,
    redact,
    log,
    webDir: config.webDir,
  });

  let listening: { server: Server; port: number };
  try {
    listening = await listen(app, config.port, config.host);
  } catch (err) {
    db.close();
    throw new Error(`The studio cannot listen on ${config.host}:${config.port}: ${String(err)}`, {
      cause: err,
    });
  }
  poller.start();
  const url = publicUrl(config.host, listening.port);
  log.info('studio proxy listening', { url });

  let stopping: Promise<void> | null = null;
  const stop = async () => {
    await close(listening.server);
    await poller.stop();
    db.close();
    log.info('studio proxy stopped');
  };
  return { url, stop: () => (stopping ??= stop()) };
}
