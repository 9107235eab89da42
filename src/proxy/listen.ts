import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

/** In-flight requests get this long to finish at shutdown before connections are cut. */
const DRAIN_MS = 5000;

export function listen(app: Hono, port: number, hostname: string) {
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
export function close(server: Server): Promise<void> {
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
export function loopbackUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}
