import { Hono } from 'hono';
import { hostAllowed, type HostRule } from '@/contract/allowed-hosts';
import type { StudioStatus } from '@/contract/studio-api';
import { requestLog } from '@/server/log';
import { httpMetrics, metricsHandler, readiness } from '@/server/metrics';
import type { AccountService } from './account/summary';
import type { SessionCookie } from './auth/cookie';
import type { Makers } from './model/makers';
import type { OidcSignIn } from './auth/oidc';
import type { Caller } from './model/people';
import { authorize } from './auth/access';
import { securityHeaders } from './auth/headers';
import { hostCheck } from './auth/hosts';
import { sameOriginWrites } from './auth/origin';
import { refuseUncleanPaths } from './auth/paths';
import type { EventHub } from './browser-events/hub';
import type { CreateDeps } from './jobs/create';
import type { QueueDispatcher } from './jobs/dispatcher';
import type { MediaCache } from './media/cache';
import type { ThumbCache } from './media/thumbs';
import type { SpendingReads } from './store/spending';
import type { UploadsStore } from './store/shared-store';
import type { MediaPrefetch } from './sync/media-prefetch';
import type { StudioMetrics } from './metrics';
import type { SharedStore } from './store/shared-store';
import type { UpstreamHealth } from './upstream/health';
import type { JobUpdater } from './sync/updater';
import type { CallbackLinks } from './webhooks/links';
import type { Reachability } from './webhooks/reachability';
import { accountRoutes } from './routes/account';
import { bodyLimits } from './routes/body-limits';
import { browserEventRoutes } from './routes/browser-events';
import { bulkRoutes } from './routes/bulk';
import { compressJson } from './routes/compress-json';
import { exportRoutes } from './routes/exports';
import { historyRoutes } from './routes/history';
import { lineageTreeRoutes } from './routes/lineage-tree';
import { inviteApiRoutes, invitePageRoutes } from './routes/invites';
import { jobsRoutes } from './routes/jobs';
import { queueRoutes } from './routes/queue';
import { loginRoutes } from './routes/login';
import { oidcRoutes } from './routes/oidc';
import { peopleRoutes } from './routes/people';
import { auditRoutes } from './routes/audit';
import { budgetRoutes } from './routes/budgets';
import { presetRoutes } from './routes/presets';
import { collectionRoutes } from './routes/collections';
import { maskRoutes } from './routes/masks';
import { publicUploadRoutes, uploadRoutes } from './routes/uploads';
import { mediaRoutes } from './routes/media';
import { thumbRoutes } from './routes/thumbs';
import { studioErrorHandler } from './routes/on-error';
import { shareApiRoutes, sharePageRoutes } from './routes/shares';
import { firstScreenPage, type FirstScreenDrawer } from './routes/first-screen';
import { spaRoutes } from './routes/spa';
import { webhookRoutes } from './routes/webhooks';
import { StudioHttpError, studioError, studioErrorResponse } from './studio-error';

interface AppDeps extends CreateDeps {
  media: MediaCache;
  thumbs: ThumbCache;
  account: AccountService;
  spending: SpendingReads;
  webDir: string;
  /** Draws the Create page's first screen into index.html; without, it is sent as built. */
  firstScreen?: FirstScreenDrawer | undefined;
  /** index.html's own inline scripts, allowed by their hashes (ProxyHooks.pageScripts). */
  pageScripts?: readonly string[];
  hub: EventHub;
  status: () => StudioStatus;
  updater: JobUpdater;
  prefetch: MediaPrefetch;
  reach: Reachability;
  links: CallbackLinks;
  webhookSecret: string | undefined;
  instance: string;
  publicUrl: () => string;
  /** The hosts the studio answers to; known once it listens. */
  allowedHosts: () => readonly HostRule[];
  uploads: UploadsStore;
  metrics: StudioMetrics;
  /** METRICS_TOKEN: when set, `/metrics` is served to its bearer only, from anywhere. */
  metricsToken: string | undefined;
  shared: Pick<
    SharedStore,
    | 'ping'
    | 'people'
    | 'invites'
    | 'sessions'
    | 'signIns'
    | 'events'
    | 'budgets'
    | 'audit'
    | 'identities'
    | 'oidcTransactions'
    | 'shares'
    | 'queue'
    | 'presets'
    | 'collections'
    | 'masks'
  >;
  /** Jobs as the browser sees them, with their makers' names. */
  makers: Makers;
  /** Sends the queued creates; a batch wakes it. */
  dispatcher: Pick<QueueDispatcher, 'wake'>;
  health: Pick<UpstreamHealth, 'status'>;
  uploadLimits: { maxBytes: number; maxPixels: number };
  /** The local owner: who every request is when there is no sign-in (loopback, no password). */
  owner: Caller;
  /**
   * Set when STUDIO_PASSWORD is: people sign in, and their session is in this cookie;
   * with OIDC_ISSUER, at the team's provider too (its sign-in under way in `oidc.cookie`).
   */
  auth: {
    cookie: SessionCookie;
    oidc: { signIn: OidcSignIn; cookie: SessionCookie } | null;
  } | null;
}

/** Sign-in by password, and at the team's provider when OpenID Connect is set up. */
function signInRoutes(
  app: Hono,
  auth: NonNullable<AppDeps['auth']>,
  shared: AppDeps['shared'],
  log: AppDeps['log'],
): void {
  const provider = auth.oidc?.signIn.name ?? null;
  app.route('/', loginRoutes({ ...shared, cookie: auth.cookie, log, provider }));
  app.route('/', invitePageRoutes({ ...shared, cookie: auth.cookie, log }));
  if (!auth.oidc) return;
  const { signIn, cookie } = auth.oidc;
  app.route(
    '/',
    oidcRoutes({
      ...shared,
      oidc: signIn,
      cookie: auth.cookie,
      transactionCookie: cookie,
      log,
      sessionsEnded: sessionsEnded({ shared, log }),
    }),
  );
}

/** Tells every replica that a person's sessions ended, to end their pages' event streams. */
const sessionsEnded =
  (deps: Pick<AppDeps, 'shared' | 'log'>) =>
  (person: string): void => {
    deps.shared.events
      .publish({ event: 'sessions-ended', data: { people: [person] } })
      .catch((err: unknown) => deps.log.warn('sessions-ended not published', { err }));
  };

/** The API's last routes: the masks the studio keeps, then 404 for any other API path. */
function lastApiRoutes(app: Hono, deps: AppDeps): void {
  app.route('/studio-api', maskRoutes({ ...deps, ...deps.shared }));
  app.all('/studio-api/*', () => {
    throw new StudioHttpError(studioError(404, 'not_found', 'No such studio API route.'));
  });
}

/** The inline scripts of the pages served here: index.html's own, and a drawn screen's. */
const inlineScripts = (deps: AppDeps): string[] => [
  ...(deps.pageScripts ?? []),
  ...(deps.firstScreen ? [deps.firstScreen.headScript] : []),
];

/** The studio's same-origin server: browser API, media, health and the SPA. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  // First, so that every line logged while serving a request carries its id, and every
  // answer is logged and counted, the refusals of the checks below included.
  app.use(requestLog(deps.log));
  app.use(httpMetrics(deps.metrics.registry));
  app.use(securityHeaders(deps.publicUrl, inlineScripts(deps)));
  // Prometheus, not browsers: answered before the host check and the sign-in guard, which
  // are for browsers, by a rule of its own. With METRICS_TOKEN, to the request that bears
  // it, from anywhere (a page cannot know the token); without, to loopback peers only, and
  // then under the studio's own host names too, or a page on this machine could read it
  // through a name pointed at 127.0.0.1.
  app.get(
    '/metrics',
    metricsHandler(deps.metrics.registry, {
      token: deps.metricsToken,
      hostAllowed: (c) => hostAllowed(c.req.header('host'), deps.allowedHosts()),
      refuse: (_c, status, message) =>
        studioErrorResponse(
          studioError(status, status === 401 ? 'unauthenticated' : 'forbidden', message),
        ),
    }),
  );
  app.use(hostCheck(deps.allowedHosts));
  app.use(refuseUncleanPaths());
  app.use(bodyLimits());
  app.use(sameOriginWrites(deps.publicUrl, deps.allowedHosts));
  app.use('/studio-api/*', compressJson());
  // Who may call each route: the table in auth/access.ts, for every route below.
  const { auth, owner, shared } = deps;
  app.use(
    authorize(
      auth ? (c) => shared.sessions.who(auth.cookie.read(c)) : () => Promise.resolve(owner),
    ),
  );
  if (auth) signInRoutes(app, auth, shared, deps.log);
  // Liveness and readiness, for load balancers and orchestrators: open without a session
  // (auth/access.ts), and under any host name (auth/hosts.ts). Readiness:
  // the database answers and the upstream is reachable as far as the studio last saw it
  // (its requests and the probe keep that state; asking it costs no upstream request).
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const { status, body } = await readiness({
      database: async () => {
        await deps.shared.ping();
        return null;
      },
      upstream: async () => {
        const upstream = deps.health.status;
        return upstream.reachable ? null : (upstream.reason ?? 'unreachable');
      },
    });
    return c.json(body, status);
  });
  app.route('/hooks', webhookRoutes(deps));
  app.route('/studio-api', browserEventRoutes(deps.hub, deps.status));
  app.route(
    '/studio-api/jobs',
    jobsRoutes({ ...deps, budgets: shared.budgets, queue: shared.queue }),
  );
  app.route('/studio-api/jobs', historyRoutes({ ...deps, ...shared }));
  app.route('/studio-api/jobs', bulkRoutes({ ...deps, audit: shared.audit, queue: shared.queue }));
  app.route('/studio-api/jobs', lineageTreeRoutes(deps));
  app.route('/studio-api/jobs', queueRoutes({ ...deps, ...shared }));
  app.route('/studio-api/uploads', uploadRoutes({ ...deps, ...deps.uploadLimits }));
  app.route('/u', publicUploadRoutes(deps.uploads));
  app.route('/s', sharePageRoutes({ ...deps, shares: shared.shares }));
  app.route('/studio-api/account', accountRoutes({ ...deps, audit: shared.audit }));
  app.route(
    '/studio-api/exports',
    exportRoutes({ ...deps, audit: shared.audit, collections: shared.collections }),
  );
  app.route(
    '/studio-api',
    peopleRoutes({ ...deps, ...shared, signIn: auth !== null, sessionsEnded: sessionsEnded(deps) }),
  );
  app.route('/studio-api', inviteApiRoutes({ ...deps, ...shared, signIn: auth !== null }));
  app.route('/studio-api/budgets', budgetRoutes({ ...deps, ...shared }));
  app.route('/studio-api', auditRoutes({ ...deps, ...shared }));
  app.route('/studio-api', shareApiRoutes({ ...deps, ...shared }));
  app.route('/studio-api/presets', presetRoutes({ ...deps, ...shared }));
  app.route('/studio-api/collections', collectionRoutes({ ...deps, ...shared }));
  lastApiRoutes(app, deps);
  app.route('/media', mediaRoutes(deps));
  app.route('/media', thumbRoutes(deps));
  app.all('/media/*', () => studioErrorResponse(studioError(404, 'not_found', 'No such media.')));
  const drawn = deps.firstScreen && firstScreenPage(app, deps.firstScreen, deps.log);
  app.route('/', spaRoutes(deps.webDir, drawn));

  app.onError(studioErrorHandler(deps.redact, deps.log));
  return app;
}
