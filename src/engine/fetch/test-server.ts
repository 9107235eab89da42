import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server on 127.0.0.1 for tests of outbound fetches: each path answers a
 * fixed body, a redirect, or never answers. Requests are counted per path and kept.
 */
export type Route =
  { body: Buffer; type?: string } | { redirect: string; status?: number } | { hang: true };

interface SeenRequest {
  method: string;
  path: string;
  host: string;
  body: string;
}

export interface ImageServer {
  url: string;
  hits: Map<string, number>;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startImageServer(routes: Record<string, Route>): Promise<ImageServer> {
  const hits = new Map<string, number>();
  const requests: SeenRequest[] = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    requests.push({ method: req.method ?? '', path, host: req.headers.host ?? '', body });
    const route = routes[path];
    if (!route) {
      res.writeHead(404).end('not found');
    } else if ('body' in route) {
      res.writeHead(200, { 'content-type': route.type ?? 'image/png' }).end(route.body);
    } else if ('redirect' in route) {
      res.writeHead(route.status ?? 302, { location: route.redirect }).end();
    }
    // A hanging route is left open until the client gives up.
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
