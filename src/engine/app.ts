import { Hono, type Context } from 'hono';
import { hostAllowed, type HostRule } from '@/contract/allowed-hosts';
import { errorTaskResponse } from '@/contract/errors';
import type { EngineContext, EngineEnv } from './routes/context';
import { accountRoutes } from './routes/account';
import { fileRoutes } from './routes/files';
import { openApiRoutes } from './routes/openapi';
import { taskRoutes } from './routes/tasks';

export interface AppOptions {
  onError?: (err: unknown) => void;
  /** The hosts to answer (known once the server has its port); null answers any. */
  allowedHosts?: () => readonly HostRule[] | null;
}

const isTaskPath = (p: string) => p.startsWith('/api/v1/');

/** An error in the shape of the route: a TaskResponse under /api/v1/, else `{code, message}`. */
const failure = (c: Context, code: 400 | 404 | 421 | 500, message: string) =>
  isTaskPath(c.req.path)
    ? c.json(errorTaskResponse(code, message), code)
    : c.json({ code, message }, code);

/** The engine's HTTP API: `/api/v1/*` tasks, `/api/account/*`, `/files/*`, `/healthz`. */
export function createEngineApp(ctx: EngineContext, opts: AppOptions = {}): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  // DNS rebinding: a page whose name was pointed at 127.0.0.1 still sends that name.
  app.use(async (c, next) => {
    const allowed = opts.allowedHosts?.() ?? null;
    const host = c.req.header('host');
    if (allowed === null || hostAllowed(host, allowed)) return next();
    const shown = JSON.stringify((host ?? '').slice(0, 200));
    const message = `this engine does not answer to the host ${shown}: call it at localhost, 127.0.0.1 or [::1] on its port, or add the name to ENGINE_ALLOWED_HOSTS (comma-separated, e.g. engine.lan or engine.lan:8090)`;
    return failure(c, 421, message);
  });
  const health = () => ({ status: 'ok' });
  app.get('/healthz', (c) => c.json(health()));
  app.get('/api/healthz', (c) => c.json(health()));
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
