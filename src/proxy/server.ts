import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import { allowedHosts, type HostRule } from '@/contract/allowed-hosts';
import type { StudioStatus } from '@/contract/studio-api';
import { AccountService, accountChanges } from './account/summary';
import { createApp } from './app';
import { SessionCookie } from './auth/cookie';
import { oidcAuth } from './auth/oidc';
import { EventHub, type SharedEvent } from './browser-events/hub';
import { announcer } from './sync/announcer';
import { ProgressGate } from './browser-events/progress-gate';
import { exposureProblem, type ProxyConfig } from './config';
import { createLogger } from '@/server/log';
import { createRedactor } from './log';
import { close, listen, loopbackUrl } from './listen';
import { MediaCache } from './media/cache';
import { ThumbCache } from './media/thumbs';
import { Makers } from './model/makers';
import { MediaIndex } from './media/index';
import { StudioMetrics } from './metrics';
import { localOwner } from './store/people';
import { databasePassword, openStore } from './store/open';
import type { SharedStore } from './store/shared-store';
import { MediaPrefetch } from './sync/media-prefetch';
import { UpstreamPoller } from './sync/poller';
import { JobUpdater } from './sync/updater';
import { QueueDispatcher } from './jobs/dispatcher';
import { UPLOAD_TYPES } from './uploads/normalise';
import { UpstreamClient } from './upstream/client';
import { UpstreamHealth } from './upstream/health';
import { UpstreamProbe } from './upstream/probe';
import { CallbackLinks } from './webhooks/links';
import { Reachability, assessReachability } from './webhooks/reachability';
import type { ProxyHooks } from './hooks';

export interface RunningProxy {
  url: string;
  /** Where the upstream reaches the proxy: PUBLIC_URL, or `url` by default. */
  publicUrl: string;
  stop(): Promise<void>;
}

const MB = 1024 * 1024;
/** The shortest default lease on the jobs a replica follows (STUDIO_LEASE_MS). */
const MIN_LEASE_MS = 10_000;

/** The stores and the upstream client; the media cache and its index on STUDIO_DATA_DIR. */
async function openStores(config: ProxyConfig, hooks: ProxyHooks) {
  const secrets = [
    config.upstreamApiKey,
    config.upstreamWebhookSecret,
    config.studioPassword,
    config.databaseUrl,
    databasePassword(config.databaseUrl),
    config.metricsToken,
  ];
  const redact = createRedactor(secrets.filter((x): x is string => x !== undefined));
  const log = createLogger({
    level: config.logLevel,
    redact,
    ...(hooks.logDestination ? { destination: hooks.logDestination } : {}),
  });
  const dataDir = path.resolve(config.dataDir);
  const index = MediaIndex.open(dataDir);
  const shared: SharedStore = await openStore(config, dataDir, log).catch((err: unknown) => {
    index.close();
    throw err;
  });
  const health = new UpstreamHealth();
  const metrics = new StudioMetrics();
  const upstream = new UpstreamClient({
    health,
    metrics,
    baseUrl: config.upstreamUrl,
    apiKey: config.upstreamApiKey,
    redact,
    readTimeoutMs: config.upstreamTimeoutMs,
  });
  const mediaDir = path.join(dataDir, 'media');
  const media = new MediaCache(mediaDir, upstream, index, config.mediaCacheMb * MB, log, (h) =>
    shared.history.mediaRetention(h),
  );
  const thumbs = new ThumbCache(
    path.join(dataDir, 'thumbs'),
    media,
    config.thumbCacheMb * MB,
    log,
    config.thumbMakers,
  );
  return {
    redact,
    log,
    metrics,
    index,
    health,
    upstream,
    shared,
    history: shared.history,
    queue: shared.queue,
    uploads: shared.uploads,
    spending: shared.spending,
    makers: new Makers(shared.people),
    media,
    thumbs,
  };
}

const uploadLimits = (config: ProxyConfig) => ({
  maxBytes: config.uploadMaxMb * MB,
  maxPixels: config.uploadMaxMp * 1_000_000,
});

/** Everything the proxy runs, built before it listens. */
async function wire(
  config: ProxyConfig,
  publicUrl: () => string,
  replica: string,
  hooks: ProxyHooks,
) {
  const s = await openStores(config, hooks);
  // Creates the last run was waiting for when it stopped: their callbacks may still come.
  const interrupted = await s.history.markInterruptedCreates();
  if (interrupted > 0) s.log.warn('creates interrupted by the last stop', { count: interrupted });
  const status = (): StudioStatus => ({
    push: reach.status(),
    uploads: {
      enabled: reach.uploadsBlocked === null,
      reason: reach.uploadsBlocked,
      ...uploadLimits(config),
      types: [...UPLOAD_TYPES],
    },
    upstream: s.health.status,
  });
  const events = s.shared.events;
  const hub = new EventHub(
    () => [{ event: 'status', data: status() }],
    (after) => events.replay(after),
  );
  const reach = new Reachability(
    () => hub.announce({ event: 'status', data: status() }),
    () => probe.heard(),
  );
  const shutdown = new AbortController();
  const prefetch = new MediaPrefetch({ ...s, signal: shutdown.signal });
  const updater = new JobUpdater({ ...s, prefetch, signal: shutdown.signal });
  const poller = new UpstreamPoller({
    ...s,
    updater,
    reach,
    pollMs: config.pollMs,
    hookWaitMs: config.hookWaitMs,
    replica,
    leaseMs: config.leaseMs ?? Math.max(MIN_LEASE_MS, 3 * config.pollMs),
  });
  const busy = async () => (await s.history.active()).length > 0;
  const probe = new UpstreamProbe({ ...s, busy });
  // Through the store, which numbers the event and hands it to every replica's hub.
  const gate = new ProgressGate((event) => {
    events.publish(event).catch((err: unknown) => s.log.warn('event not published', { err }));
  });
  const announce = announcer(s.history, s.queue, s.makers, gate, s.log);
  s.history.watch((change) => {
    announce(change);
    probe.notify();
  });
  const account = new AccountService({
    ...s,
    publish: (summary) => hub.announce({ event: 'account', data: { account: summary } }),
    watchers: () => hub.size,
    reachable: () => s.health.reachable,
  });
  // The probe watches the health too: any outage, however it was found, wakes it.
  s.health.watch((upstream) => {
    hub.announce({ event: 'status', data: status() });
    if (!upstream.reachable) return;
    // Back: read the running jobs now rather than at the end of their backoff, and the
    // account if a read of it failed meanwhile.
    poller.upstreamBack();
    account.serviceBack();
  });
  const accountWatch = accountChanges(s.history, account);
  s.history.watch(accountWatch);
  // Replicas: each event comes back here, another replica's jobs included, which move
  // this replica's account figures and may give its probe something to watch.
  const delivered = (e: SharedEvent) => {
    hub.deliver(e);
    if (e.event !== 'job') return;
    const id = (JSON.parse(e.data) as { job?: { id?: unknown } }).job?.id;
    if (typeof id === 'string') accountWatch({ type: 'job', handle: id });
    probe.notify();
  };
  const links = new CallbackLinks(publicUrl, reach, config.upstreamProgress === 'on');
  // Its lease outlasts a create's wait for an answer, so a live sender never loses it.
  const leaseMs = config.upstreamTimeoutMs + MIN_LEASE_MS;
  const dispatcher = new QueueDispatcher({ ...s, poller, links, replica, leaseMs });
  return {
    ...s,
    ...{ shutdown, hub, gate, reach, links, prefetch, updater, poller, probe, status, account },
    ...{ replica, dispatcher, delivered: dispatcher.following(delivered) },
  };
}

type Wired = Awaited<ReturnType<typeof wire>>;

/** Points the metrics' gauges at what they read. */
const watchGauges = (w: Wired) =>
  w.metrics.watch({
    eventStreams: () => w.hub.size,
    thumbQueue: () => w.thumbs.waiting,
    dbPool: () => w.shared.pool(),
  });

interface Addresses {
  publicUrl: () => string;
  allowedHosts: () => readonly HostRule[];
}

async function buildApp(
  config: ProxyConfig,
  w: Wired,
  at: Addresses,
  instance: string,
  hooks: Pick<ProxyHooks, 'firstScreen' | 'pageScripts'>,
) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const oidc = oidcAuth(config, https);
  const auth = config.studioPassword ? { cookie: new SessionCookie(https), oidc } : null;
  return createApp({
    ...w,
    webDir: config.webDir,
    firstScreen: config.firstScreen === 'drawn' ? hooks.firstScreen : undefined,
    pageScripts: hooks.pageScripts ?? [],
    webhookSecret: config.upstreamWebhookSecret,
    metricsToken: config.metricsToken,
    instance,
    ...at,
    owner: await localOwner(w.shared.people, config, w.log),
    auth,
    uploadLimits: uploadLimits(config),
  });
}

/** Checks PUBLIC_URL (the server must be listening), says what it found, starts polling. */
async function begin(
  config: ProxyConfig,
  w: Wired,
  url: string,
  publicUrl: string,
  instance: string,
) {
  const found = await assessReachability({
    publicUrl,
    upstreamUrl: config.upstreamUrl,
    instance,
    callbacks: config.callbacks,
  });
  w.reach.settle(found);
  // A choice of the operator is news; a PUBLIC_URL that does not work is a warning.
  const say = config.callbacks === 'off' ? w.log.info : w.log.warn;
  if (found.reason) say('callbacks', { mode: found.mode, reason: found.reason });
  w.poller.start();
  w.probe.start();
  w.account.start();
  // Creates a stopped studio left in the queue.
  w.dispatcher.wake(false);
  const resumed = await w.prefetch.resume();
  if (resumed > 0) w.log.info('caching the media of jobs the last run left', { jobs: resumed });
  const store = w.shared.kind;
  const replica = w.replica;
  w.log.info('studio proxy listening', { url, publicUrl, callbacks: found.mode, store, replica });
}

/** Starts the studio proxy: store, upstream client, poller, event hub and HTTP server. */
export async function startProxy(
  config: ProxyConfig,
  hooks: ProxyHooks = {},
): Promise<RunningProxy> {
  const exposed = exposureProblem(config);
  if (exposed) throw new Error(`The studio refuses to start: ${exposed}`);
  let publicUrl = config.publicUrl ?? '';
  let hosts: HostRule[] = [];
  const replica = randomBytes(12).toString('base64url');
  const w = await wire(config, () => publicUrl, replica, hooks);
  watchGauges(w);
  // Replicas answer the start-up probe alike: PUBLIC_URL leads back if it reaches any.
  const instance = w.shared.deployment;
  const at = { publicUrl: () => publicUrl, allowedHosts: () => hosts };
  let listening: { server: Server; port: number };
  try {
    const app = await buildApp(config, w, at, instance, hooks);
    w.hub.listeningFrom(await w.shared.events.listen(w.delivered));
    await w.media.reindex();
    await w.thumbs.load();
    listening = await listen(app, config.port, config.host);
  } catch (err) {
    w.hub.close();
    await w.shared.close();
    w.index.close();
    throw new Error(`The studio cannot listen on ${config.host}:${config.port}: ${String(err)}`, {
      cause: err,
    });
  }
  const url = loopbackUrl(config.host, listening.port);
  publicUrl ||= url;
  hosts = allowedHosts(listening.port, [url, publicUrl], config.allowedHosts);
  await begin(config, w, url, publicUrl, instance);

  let stopping: Promise<void> | null = null;
  const stop = async () => {
    // Event streams first: they never end by themselves and would hold the drain open.
    w.gate.close();
    w.hub.close();
    await close(listening.server);
    w.shutdown.abort();
    await w.dispatcher.stop();
    await w.poller.stop();
    await w.probe.stop();
    await w.account.stop();
    await w.updater.drain();
    await w.prefetch.drain();
    await w.shared.close();
    w.index.close();
    w.log.info('studio proxy stopped');
  };
  return { url, publicUrl, stop: () => (stopping ??= stop()) };
}
