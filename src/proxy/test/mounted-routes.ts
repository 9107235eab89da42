import { newRegistry } from '@/server/metrics';
import { createApp } from '../app';

/**
 * Every route the studio mounts (with sign-in on, OpenID Connect's too), as the app lists them: method and
 * path, once each, the middlewares (`ALL /*`) left out. The app is built on stubs that
 * answer nothing: only its routes are read, no request is made.
 */
export function mountedRoutes(): { method: string; path: string }[] {
  const stub = (fixed: Record<string, unknown>): unknown =>
    new Proxy(fixed, { get: (t, key) => (key in t ? t[key as string] : () => undefined) });
  const deps = stub({
    webDir: '/nowhere',
    firstScreen: undefined,
    pageScripts: [],
    webhookSecret: undefined,
    auth: stub({ oidc: stub({ signIn: stub({}) }) }),
    metrics: stub({ registry: newRegistry() }),
  });
  const app = createApp(deps as Parameters<typeof createApp>[0]);
  const seen = new Set<string>();
  return app.routes
    .filter((r) => !(r.method === 'ALL' && r.path === '/*'))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path }));
}
