import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

let processMetrics: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC: prom-client's defaults),
 * in one registry per process, made on first use. Their collectors (an event-loop delay
 * monitor, a GC observer) run for the life of the process, so they are started once,
 * however many servers the process starts.
 */
export function processRegistry(): Registry {
  if (processMetrics === undefined) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * Prometheus metrics shared by the studio and the engine. Each server has a registry of
 * its own (never prom-client's global one), so two servers in one process, the launcher's
 * studio and embedded engine or the servers of one test file, count apart. It holds the
 * server's own series only; `metricsHandler` serves them with the process's. Making one
 * starts the process's collectors, so the lag and GC figures run from the first server on.
 */
export function newRegistry(): Registry {
  processRegistry();
  return new Registry();
}

/** Latency buckets in seconds, from a cached read to a slow render or upstream create. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route that answered, as registered (`/studio-api/jobs/:id`), never the raw path:
 * paths hold job handles and tokens. A middleware that answered itself (a refused host)
 * gives its own pattern; a request no route matched, `unmatched`.
 */
export const matchedRoute = (c: Context): string => routePath(c) || 'unmatched';

/**
 * Counts each request and times it by method, matched route and status. The first
 * middleware, so that refusals by the others are counted too. An event stream is counted
 * once its answer starts.
 */
export function httpMetrics(registry: Registry): MiddlewareHandler {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers for a stream), by method, matched route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels = { method: c.req.method, route: matchedRoute(c), status: String(c.res.status) };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - started) / 1000);
  };
}

/** Jobs created, completed and failed, by operation: the studio's jobs, the engine's tasks. */
export function jobCounters(registry: Registry) {
  const counter = (name: string, help: string) =>
    new Counter({ name, help, labelNames: ['operation'] as const, registers: [registry] });
  const created = counter('jobs_created_total', 'Jobs created, by operation.');
  const completed = counter('jobs_completed_total', 'Jobs that completed, by operation.');
  const failed = counter('jobs_failed_total', 'Jobs that failed, by operation.');
  return {
    created: (operation: string) => created.inc({ operation }),
    /** A job reached a final status; only `completed` and `failed` are counted. */
    finished: (operation: string, status: string) => {
      if (status === 'completed') completed.inc({ operation });
      else if (status === 'failed') failed.inc({ operation });
    },
  };
}
export type JobCounters = ReturnType<typeof jobCounters>;

/**
 * An address of this machine's loopback: 127/8 (all of it is routed to loopback on Linux)
 * and ::1, also in their IPv4-mapped IPv6 form.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/** The TCP peer of the request, from the socket, never from headers a client can write. */
const peerAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header is `Bearer <token>`; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export interface MetricsAccess {
  /** The bearer token that opens the metrics to any address; unset: loopback only. */
  token: string | undefined;
  /** Whether the request's Host is one the server answers (DNS rebinding). */
  hostAllowed: (c: Context) => boolean;
  /** The refusal in the server's own error shape. */
  refuse: (c: Context, status: 401 | 403, message: string) => Response;
}

/**
 * Who may read the metrics: with a token set, only a request bearing it (from anywhere:
 * a page cannot know it); without one, only a client on this machine's loopback, by the
 * socket's peer address (never a header), under one of the server's own host names, or
 * a page on this machine could read them through a name pointed at 127.0.0.1.
 * Null: allowed; else the status and reason of the refusal.
 */
function metricsRefusal(
  c: Context,
  access: Pick<MetricsAccess, 'token' | 'hostAllowed'>,
): { status: 401 | 403; message: string } | null {
  if (access.token !== undefined) {
    return bearerMatches(c.req.header('authorization'), access.token)
      ? null
      : { status: 401, message: 'the metrics need Authorization: Bearer <the metrics token>' };
  }
  return isLoopbackAddress(peerAddress(c)) && access.hostAllowed(c)
    ? null
    : {
        status: 403,
        message: 'the metrics are served to loopback clients only, unless a metrics token is set',
      };
}

/**
 * The Prometheus text of the server's registry and of the process's, to whom
 * `metricsRefusal` allows. The process's series are only `process_*` and `nodejs_*`,
 * names no server registry defines (merging would throw on a name held twice).
 */
export function metricsHandler(registry: Registry, access: MetricsAccess) {
  return async (c: Context): Promise<Response> => {
    const refusal = metricsRefusal(c, access);
    if (refusal) return access.refuse(c, refusal.status, refusal.message);
    const both = Registry.merge([processRegistry(), registry]);
    const text = await both.metrics();
    return c.body(text, 200, { 'content-type': both.contentType, 'cache-control': 'no-store' });
  };
}

/**
 * A liveness or readiness probe: GET or HEAD of `/healthz` or `/readyz` (the engine also
 * answers `/api/healthz`). Answered under any host name, unlike everything else: an
 * orchestrator's probe names the machine by its address (Kubernetes sends the pod's IP as
 * the Host), and the answers tell nothing worth a rebound name, only that the server lives
 * and which dependency, if any, does not answer.
 */
export const isProbe = (c: Context): boolean =>
  (c.req.method === 'GET' || c.req.method === 'HEAD') &&
  (c.req.path === '/healthz' || c.req.path === '/readyz' || c.req.path === '/api/healthz');

/**
 * A readiness answer: 200 when every dependency answers, else 503 naming the ones that
 * do not. Each check resolves with null when fine, or a reason; one that throws did not
 * answer.
 */
export async function readiness(
  checks: Record<string, () => Promise<string | null>>,
): Promise<{ status: 200 | 503; body: { ready: boolean; failed: Record<string, string> } }> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      // The error's own text stays out: the answer may go to whoever asks.
      const reason = await check().catch(() => 'did not answer');
      return [name, reason] as const;
    }),
  );
  const failed = Object.fromEntries(
    results.filter((r): r is readonly [string, string] => r[1] !== null),
  );
  const ready = Object.keys(failed).length === 0;
  return { status: ready ? 200 : 503, body: { ready, failed } };
}
