import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the balancer passed on: to which replica, and how it was answered. */
export interface Routed {
  method: string;
  path: string;
  to: string;
  status: number;
}

/**
 * A load balancer in front of a team's replicas, for tests: each request goes to the
 * replica `route` names for its path, and is recorded. `down` answers 503 instead for the
 * paths it matches (a balancer with no healthy backend for them).
 */
export class Balancer {
  readonly routed: Routed[] = [];
  down: RegExp | null = null;
  private server: http.Server | null = null;
  url = '';

  constructor(private readonly route: (path: string) => string) {}

  async start(port = 0): Promise<this> {
    const server = http.createServer((req, res) => this.forward(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    const to = this.route(path);
    const record = (status: number) =>
      this.routed.push({ method: req.method ?? 'GET', path, to, status });
    if (this.down?.test(path)) {
      record(503);
      res.writeHead(503).end();
      req.resume();
      return;
    }
    const target = new URL(to);
    const out = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path,
        // The replica's own address: a balancer that rewrites Host (see the proxy's README).
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        record(answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      record(502);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
