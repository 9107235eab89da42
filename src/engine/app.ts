import { Hono } from 'hono';
import { errorTaskResponse } from '../contract/errors';
import type { EngineContext, EngineEnv } from './context';
import { accountRoutes } from './routes/account';
import { fileRoutes } from './routes/files';
import { openApiRoutes } from './routes/openapi';
import { taskRoutes } from './routes/tasks';

export interface AppOptions {
  onError?: (err: unknown) => void;
}

/** The engine's HTTP API: `/api/v1/*` tasks, `/api/account/*`, `/files/*`, `/healthz`. */
export function createEngineApp(ctx: EngineContext, opts: AppOptions = {}): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  const health = () => ({ status: 'ok' });
  app.get('/healthz', (c) => c.json(health()));
  app.get('/api/healthz', (c) => c.json(health()));
  app.route('/api/v1', taskRoutes(ctx));
  app.route('/api/account', accountRoutes(ctx));
  app.route('/files', fileRoutes(ctx));
  app.route('/api', openApiRoutes());

  const isTaskPath = (p: string) => p.startsWith('/api/v1/');
  app.notFound((c) =>
    isTaskPath(c.req.path)
      ? c.json(errorTaskResponse(404, `no endpoint ${c.req.method} ${c.req.path}`), 404)
      : c.json({ code: 404, message: `no endpoint ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((err, c) => {
    // A client that hung up while its body was read is not a failure of the engine.
    const gone = c.req.raw.signal.aborted;
    if (!gone) opts.onError?.(err);
    const [status, message] = gone
      ? ([400, 'body: the request ended before its body did'] as const)
      : ([500, 'unexpected server failure'] as const);
    return isTaskPath(c.req.path)
      ? c.json(errorTaskResponse(status, message), status)
      : c.json({ code: status, message }, status);
  });
  return app;
}
