import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request passed on: its method, path and body as sent. */
export interface Passed {
  method: string;
  path: string;
  body: string;
}

/**
 * A slow link between a studio and the service, for tests: every request goes on to
 * `target` at once, and each answer is held back `delayMs(request)` before it is sent on,
 * as a busy network or a busy replica would hold it. Every request is recorded. While
 * `lose` matches a request, its answer is lost on the way back: a 502 comes instead, as
 * from a gateway whose upstream connection broke after the request went through.
 */
export class WireDelay {
  readonly passed: Passed[] = [];
  lose: ((req: Passed) => boolean) | null = null;
  private server: http.Server | null = null;
  url = '';

  constructor(
    private readonly target: string,
    private readonly delayMs: (req: Passed) => number,
  ) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.forward(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  private forward(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    const passed = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString() };
    this.passed.push(passed);
    const target = new URL(this.target);
    const out = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: passed.method,
        path: passed.path,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          setTimeout(() => {
            if (this.lose?.(passed)) res.writeHead(502).end();
            else res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(parts));
          }, this.delayMs(passed));
        });
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    out.end(body);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
