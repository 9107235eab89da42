import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AccountService } from './account/summary';
import type { CreateDeps } from './jobs/create';
import type { MediaCache } from './media/cache';
import { accountRoutes } from './routes/account';
import { jobsRoutes } from './routes/jobs';
import { mediaRoutes } from './routes/media';
import { spaRoutes } from './routes/spa';
import { StudioHttpError, studioError } from './studio-error';

interface AppDeps extends CreateDeps {
  media: MediaCache;
  account: AccountService;
  webDir: string;
}

const status = (n: number) => n as ContentfulStatusCode;

/** The studio's same-origin server: browser API, media, health and the SPA. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.route('/studio-api/jobs', jobsRoutes(deps));
  app.route('/studio-api/account', accountRoutes(deps.account));
  app.all('/studio-api/*', () => {
    throw new StudioHttpError(studioError(404, 'not_found', 'No such studio API route.'));
  });
  app.route('/media', mediaRoutes(deps.store, deps.media));
  app.all('/media/*', (c) =>
    c.json({ error: studioError(404, 'not_found', 'No such media.') }, 404),
  );
  app.route('/', spaRoutes(deps.webDir));

  app.onError((err, c) => {
    if (err instanceof StudioHttpError)
      return c.json({ error: err.error }, status(err.error.status));
    if (err instanceof HTTPException) {
      // Hono's own 4xx, such as a body that is not JSON.
      const message = deps.redact(err.message || 'The request could not be read.');
      return c.json(
        { error: studioError(err.status, 'invalid_request', message) },
        status(err.status),
      );
    }
    deps.log.error('request failed', { path: c.req.path, err });
    const error = studioError(500, 'internal', 'The studio hit an unexpected error.', 'Try again.');
    return c.json({ error }, 500);
  });
  return app;
}
