import { Hono, type Context } from 'hono';
import type { Registry } from 'prom-client';
import { hostAllowed, type HostRule } from '@/contract/allowed-hosts';
import { errorTaskResponse } from '@/contract/errors';
import { type Logger, requestLog, withRequestId } from '@/server/log';
import { httpMetrics, isProbe, metricsHandler, readiness } from '@/server/metrics';
import type { EngineContext, EngineEnv } from './routes/context';
import { accountRoutes } from './routes/account';
import { fileRoutes } from './routes/files';
import { openApiRoutes } from './routes/openapi';
import { taskRoutes } from './routes/tasks';

export interface AppOptions {
  onError?: (err: unknown) => void;
  /** The hosts to answer (known once the server has its port); null answers any. */
  allowedHosts?: () => readonly HostRule[] | null;
  /** Where each request's access line (and every line logged while serving it) goes. */
  log?: Logger;
  /** The engine's metrics and ENGINE_METRICS_TOKEN; without them there is no `/metrics`. */
  metrics?: { registry: Registry; token: string | undefined };
}

const isTaskPath = (p: string) => p.startsWith('/api/v1/');

/** An error in the shape of the route: a TaskResponse under /api/v1/, else `{code, message}`. */
const failure = (c: Context, code: 400 | 404 | 421 | 500, message: string) =>
  isTaskPath(c.req.path)
    ? c.json(withRequestId(errorTaskResponse(code, message)), code)
    : c.json(withRequestId({ code, message }), code);

/** The engine's HTTP API: `/api/v1/*` tasks, `/api/account/*`, `/files/*`, `/healthz`. */
export function createEngineApp(ctx: EngineContext, opts: AppOptions = {}): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  const hostOk = (c: Context) => {
    const allowed = opts.allowedHosts?.() ?? null;
    return allowed === null || hostAllowed(c.req.header('host'), allowed);
  };
  // First, so that every line logged while serving a request carries its id.
  if (opts.log) app.use(requestLog(opts.log));
  const metrics = opts.metrics;
  if (metrics) {
    // First, so that every answer is counted, refused hosts included.
    app.use(httpMetrics(metrics.registry));
    // Prometheus: before the host check, by a rule of its own (see metricsRefusal): with
    // ENGINE_METRICS_TOKEN to its bearer from anywhere, else to loopback peers under the
    // engine's own host names.
    app.get(
      '/metrics',
      metricsHandler(metrics.registry, {
        token: metrics.token,
        hostAllowed: hostOk,
        refuse: (c, status, message) => c.json(withRequestId({ code: status, message }), status),
      }),
    );
  }
  // DNS rebinding: a page whose name was pointed at 127.0.0.1 still sends that name.
  // Health and readiness probes pass under any name (see isProbe).
  app.use(async (c, next) => {
    if (isProbe(c) || hostOk(c)) return next();
    const host = c.req.header('host');
    const shown = JSON.stringify((host ?? '').slice(0, 200));
    const message = `this engine does not answer to the host ${shown}: call it at localhost, 127.0.0.1 or [::1] on its port, or add the name to ENGINE_ALLOWED_HOSTS (comma-separated, e.g. engine.lan or engine.lan:8090)`;
    return failure(c, 421, message);
  });
  const health = () => ({ status: 'ok' });
  app.get('/healthz', (c) => c.json(health()));
  app.get('/api/healthz', (c) => c.json(health()));
  // Readiness, for load balancers and orchestrators (no key needed, like /healthz): the
  // database answers.
  app.get('/readyz', async (c) => {
    const { status, body } = await readiness({
      database: () =>
        Promise.resolve(ctx.db.prepare('select 1').get() === undefined ? 'no answer' : null),
    });
    return c.json(body, status);
  });
  app.route('/api/v1', taskRoutes(ctx));
  app.route('/api/account', accountRoutes(ctx));
  app.route('/files', fileRoutes(ctx));
  app.route('/api', openApiRoutes());

  app.notFound((c) => failure(c, 404, `no endpoint ${c.req.method} ${c.req.path}`));
  app.onError((err, c) => {
    // A client that hung up while its body was read is not a failure of the engine.
    const gone = c.req.raw.signal.aborted;
    if (!gone) opts.onError?.(err);
    return gone
      ? failure(c, 400, 'body: the request ended before its body did')
      : failure(c, 500, 'unexpected server failure');
  });
  return app;
}
