import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { isLoopbackBind, isHostEntry, notAHost, splitHostList } from '@/contract/allowed-hosts';
import { httpUrlRe } from '@/contract/urls';
import { OIDC_SETTINGS, oidcConfigShape, oidcProblems } from './oidc-settings';
import { PEOPLE_SETTINGS, peopleConfigShape } from './people-settings';
import { QUEUE_SETTINGS, queueConfigShape } from './queue-settings';
import {
  envValue,
  helpSection,
  LOG_LEVEL_DOC,
  logLevelSchema,
  type SettingDoc,
  metricsTokenDoc,
  metricsTokenSchema,
  readSecret,
  settingRows,
} from '@/server/settings';

/**
 * Thumbnails made at once. Each takes a core for tens of milliseconds (a 1024 px PNG
 * decoded, resized, encoded) and a thread of Node's pool of four, which also reads files
 * and compresses answers: two (one on a single core) leave half the pool free, so searches
 * and pages keep answering while a screen of new thumbnails is made, and still make a
 * fresh grid's four in parallel.
 */
const DEFAULT_THUMB_MAKERS = Math.min(2, availableParallelism());

const intSetting = (min: number, max: number, fallback: number) => {
  const allowed = { error: `must be an integer between ${min} and ${max}` };
  return z.coerce
    .number(allowed)
    .int(allowed)
    .min(min, allowed)
    .max(max, allowed)
    .default(fallback);
};

/** Parsed without echoing it: the URL carries the database password. */
function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return /^postgres(ql)?:$/.test(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The proxy's settings, parsed once at start-up (their variables and meanings:
 * PROXY_SETTINGS, below). This is the only file that reads the upstream API key, so there
 * is one place to audit for where the secret comes from.
 * @public (for launchers that build a config themselves)
 */
export const proxyConfigSchema = z.object({
  port: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be an integer between 0 and 65535' })
    .min(0, { error: 'must be an integer between 0 and 65535' })
    .max(65535, { error: 'must be an integer between 0 and 65535' })
    .default(8080),
  host: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  upstreamUrl: z
    .string({ error: 'is required: the base URL of the task service, e.g. http://127.0.0.1:8090' })
    .regex(httpUrlRe({ host: true }), {
      error: 'must be an http:// or https:// URL, e.g. http://127.0.0.1:8090',
    })
    // The service's documented base URL ends in /api; the proxy appends /api/v1/... itself,
    // so either form is accepted.
    .transform((u) => u.replace(/\/+$/, '').replace(/\/api$/i, '')),
  upstreamApiKey: z
    .string({ error: 'is required: set UPSTREAM_API_KEY or UPSTREAM_API_KEY_FILE' })
    .trim()
    .min(1, { error: 'must not be empty' }),
  dataDir: z.string().min(1).default('./data/studio'),
  webDir: z.string().min(1).default('./dist/web'),
  firstScreen: z.enum(['bare', 'drawn'], { error: 'must be bare or drawn' }).default('bare'),
  pollMs: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be an integer between 20 and 60000' })
    .min(20, { error: 'must be an integer between 20 and 60000' })
    .max(60_000, { error: 'must be an integer between 20 and 60000' })
    .default(700),
  /**
   * The proxy's address as the upstream sees it: callbacks and upload URLs are built on it.
   * Unset means the proxy's own loopback URL, right for an upstream on this machine.
   */
  publicUrl: z
    .string()
    .max(900, { error: 'must be at most 900 characters (callback URLs are limited to 1024)' })
    .regex(httpUrlRe({ host: true, query: false }), {
      error: 'must be an http:// or https:// URL without query, e.g. https://studio.example.com',
    })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  callbacks: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  /**
   * `on`: ask the upstream for progress notices too (`notify_progress: true`), for an
   * upstream that sends them (the embedded engine; the launcher turns it on). The hosted
   * service sends one callback per task, the final one.
   */
  upstreamProgress: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  upstreamWebhookSecret: z.string().min(1).optional(),
  hookWaitMs: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be an integer between 50 and 600000' })
    .min(50, { error: 'must be an integer between 50 and 600000' })
    .max(600_000, { error: 'must be an integer between 50 and 600000' })
    .default(10_000),
  uploadMaxMb: intSetting(1, 1024, 20),
  uploadMaxMp: intSetting(1, 500, 40),
  mediaCacheMb: intSetting(16, 10_000_000, 2048),
  thumbCacheMb: intSetting(1, 1_000_000, 256),
  thumbMakers: intSetting(1, 64, DEFAULT_THUMB_MAKERS),
  uploadsMb: intSetting(16, 10_000_000, 2048),
  upstreamJobTtlH: intSetting(1, 24 * 365, 72),
  upstreamTimeoutMs: intSetting(100, 600_000, 15_000),
  /**
   * More names the studio answers to (behind a reverse proxy that keeps the browser's
   * Host): `name` on any port, `name:port` on that port only.
   */
  allowedHosts: z.preprocess(
    splitHostList,
    z
      .array(
        z.string().refine(isHostEntry, { error: notAHost('studio.lan,studio.example.com:8443') }),
      )
      .default([]),
  ),
  /**
   * A team's deployment: replicas share their history, sessions, idempotency keys and
   * uploads in this PostgreSQL database. Unset: the SQLite file in STUDIO_DATA_DIR.
   */
  databaseUrl: z
    .string()
    .max(2048, { error: 'must be at most 2048 characters' })
    .refine(isPostgresUrl, {
      error:
        'must be a postgres:// or postgresql:// URL with a host, e.g. postgres://studio:PASSWORD@db.internal:5432/studio (unset: the SQLite file in STUDIO_DATA_DIR)',
    })
    .optional(),
  /**
   * With DATABASE_URL: how long a replica's lease on the jobs it follows lasts without
   * renewal, so how soon another replica takes over the jobs of one that died. Unset: three
   * poll intervals, at least 10 s.
   */
  leaseMs: z.coerce
    .number({ error: 'must be an integer between 1000 and 600000' })
    .int({ error: 'must be an integer between 1000 and 600000' })
    .min(1000, { error: 'must be an integer between 1000 and 600000' })
    .max(600_000, { error: 'must be an integer between 1000 and 600000' })
    .optional(),
  /** Required to listen on anything but loopback: the sign-in password of the studio. */
  studioPassword: z
    .string()
    .min(8, { error: 'must be at least 8 characters' })
    .max(1024, { error: 'must be at most 1024 characters' })
    .optional(),
  ...peopleConfigShape,
  ...queueConfigShape,
  ...oidcConfigShape,
  /** Opens `/metrics` to any address that bears it; unset: loopback clients only. */
  metricsToken: metricsTokenSchema,
  logLevel: logLevelSchema,
});
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

type Key = keyof ProxyConfig;

/**
 * Each setting's variable and meaning, in the order `--help` and README.md list them. The
 * one place they are written: help and the README are made from it (src/server/settings.ts).
 */
const PROXY_SETTINGS = {
  port: { env: 'PORT', meaning: 'port of the studio (`0`: any free port)' },
  host: {
    env: 'HOST',
    meaning: 'address the studio binds; anything but loopback requires `STUDIO_PASSWORD`',
  },
  upstreamUrl: {
    env: 'UPSTREAM_URL',
    defaultText: 'the embedded engine',
    meaning: 'base URL of the task service (with or without its `/api` suffix)',
  },
  upstreamApiKey: {
    env: 'UPSTREAM_API_KEY',
    fromFile: true,
    defaultText: "the embedded engine's dev key",
    meaning:
      'API key sent upstream as `x-api-key`, or a file holding it; never reaches the browser',
  },
  publicUrl: {
    env: 'PUBLIC_URL',
    defaultText: "the studio's own loopback URL",
    meaning:
      'where the upstream reaches the studio: callbacks at `PUBLIC_URL/hooks/<token>`, uploads at `PUBLIC_URL/u/<token>`',
  },
  callbacks: {
    env: 'STUDIO_CALLBACKS',
    meaning: '`off`: never ask for callbacks; follow every job by polling',
  },
  upstreamProgress: {
    env: 'UPSTREAM_PROGRESS',
    defaultText: '`off`; `on` when embedded',
    meaning:
      '`on`: ask the upstream for in-flight states too (`notify_progress`); the hosted service sends only the final one',
  },
  upstreamWebhookSecret: {
    env: 'UPSTREAM_WEBHOOK_SECRET',
    meaning: 'when set, callbacks must carry a valid `x-webhook-signature` and a fresh timestamp',
  },
  hookWaitMs: {
    env: 'HOOK_WAIT_MS',
    meaning:
      'first safety-net poll of a job whose callback is expected (the callback normally comes first)',
  },
  pollMs: {
    env: 'POLL_MS',
    meaning: 'poll interval when polling (grows ×1.5 to 5 s while a job does not change)',
  },
  upstreamTimeoutMs: {
    env: 'UPSTREAM_TIMEOUT_MS',
    meaning: 'timeout of one upstream read (creates twice, media downloads eight times as long)',
  },
  upstreamJobTtlH: {
    env: 'UPSTREAM_JOB_TTL_H',
    meaning:
      'how long the upstream keeps a job (about 3 days on the hosted service); older jobs take no follow-ups',
  },
  dataDir: {
    env: 'STUDIO_DATA_DIR',
    meaning:
      '`studio.sqlite` (history, uploads, sessions, ledger), the media cache (`media/`, `media-index.sqlite`) and thumbnails (`thumbs/`)',
  },
  webDir: { env: 'STUDIO_WEB_DIR', meaning: 'the built single-page app' },
  firstScreen: {
    env: 'STUDIO_FIRST_SCREEN',
    meaning:
      "`bare`: `/` is index.html as built, which the app fills; `drawn`: it comes with the Create page's first screen, the person's newest cards, drawn on the server, which the app then renders in place of (README, Performance: cards sooner, the page live later)",
  },
  uploadMaxMb: { env: 'STUDIO_UPLOAD_MAX_MB', meaning: 'largest upload' },
  uploadMaxMp: {
    env: 'STUDIO_UPLOAD_MAX_MP',
    meaning: 'largest upload in megapixels (checked from its header, before decoding)',
  },
  uploadsMb: {
    env: 'STUDIO_UPLOADS_MB',
    meaning:
      "the uploads' bytes in the store (least recently used evicted, never one a running job names)",
  },
  mediaCacheMb: {
    env: 'STUDIO_MEDIA_CACHE_MB',
    meaning:
      'disk for cached outputs (least recently used evicted, files the upstream can no longer send last)',
  },
  thumbCacheMb: {
    env: 'STUDIO_THUMB_CACHE_MB',
    meaning:
      'disk for thumbnails: job cards, the gallery, the lineage tree (least recently used evicted, made again from the media cache)',
  },
  thumbMakers: {
    env: 'STUDIO_THUMB_MAKERS',
    defaultText: '`2`; `1` on a single core',
    meaning:
      'thumbnails made at once (1–64); the rest wait their turn, and one whose browser let go of it before its turn is not made',
  },
  studioPassword: {
    env: 'STUDIO_PASSWORD',
    fromFile: true,
    meaning:
      "the owner's sign-in password (at least 8 characters), or a file holding it: the first start makes the owner with it, a later start with another one gives the owner that one",
  },
  ...PEOPLE_SETTINGS,
  ...QUEUE_SETTINGS,
  allowedHosts: {
    env: 'STUDIO_ALLOWED_HOSTS',
    meaning:
      "more names to answer besides loopback and `PUBLIC_URL`'s host: `name` or `name:port`, comma-separated",
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    fromFile: true,
    defaultText: 'SQLite in `STUDIO_DATA_DIR`',
    meaning:
      '`postgres://…`: the database a team\'s replicas share (see "Deploying for a team" in README.md), or a file holding it',
  },
  leaseMs: {
    env: 'STUDIO_LEASE_MS',
    defaultText: '3 × `POLL_MS`, at least 10000',
    meaning:
      "with `DATABASE_URL`: how long a replica's lease on the jobs it follows lasts unrenewed, so how soon another replica takes over the jobs of one that died",
  },
  ...OIDC_SETTINGS,
  metricsToken: { ...metricsTokenDoc('METRICS_TOKEN', ', or a file holding it'), fromFile: true },
  logLevel: LOG_LEVEL_DOC,
} as const satisfies Record<Key, SettingDoc>;

/** The studio's settings as `--help` and README.md show them. */
export const proxySettings = settingRows(proxyConfigSchema, PROXY_SETTINGS);

/** What `npx tsx src/proxy/main.ts --help` prints. */
export const proxyHelp = (): string =>
  [
    'Usage: npx tsx src/proxy/main.ts [--help]',
    '',
    'Starts the studio alone, against the task service at UPSTREAM_URL (required here; npm',
    'start runs the embedded engine instead). Every setting is an environment variable, read',
    'at start; a bad value stops it with a list of what is wrong.',
    '',
    helpSection('Studio (proxy)', proxySettings),
  ].join('\n');

/**
 * Listening beyond this machine without a password would hand the upstream key's spending
 * power to anyone on the network, so it is refused. Null when the settings are safe.
 * @public (startProxy checks configs that a launcher built by hand, too)
 */
export function exposureProblem(
  config: Pick<ProxyConfig, 'host' | 'studioPassword'>,
): string | null {
  if (isLoopbackBind(config.host) || config.studioPassword !== undefined) return null;
  return `HOST: ${config.host} is not a loopback address, so anyone who can reach it could use the studio and spend the account's credits. Set STUDIO_PASSWORD (or STUDIO_PASSWORD_FILE) to require a sign-in, or listen on HOST=127.0.0.1.`;
}

/**
 * Reads the settings from the environment, with `overrides` (from a launcher) winning;
 * an empty-string override counts as unset, like an empty variable.
 * Throws one Error that lists every bad setting, never echoing the key.
 */
export function loadProxyConfig(
  env: NodeJS.ProcessEnv,
  given: Partial<ProxyConfig> = {},
): ProxyConfig {
  const overrides = Object.fromEntries(
    Object.entries(given).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<ProxyConfig>;
  const problems: string[] = [];
  const raw: Record<string, unknown> = {};
  for (const [key, doc] of Object.entries(PROXY_SETTINGS) as [Key, SettingDoc][]) {
    // A launcher's value wins, and then the secret's file is not even read.
    if (!doc.fromFile) raw[key] = envValue(env, doc.env);
    else if (overrides[key] === undefined) raw[key] = readSecret(env, doc.env, problems);
  }
  Object.assign(raw, overrides);
  const parsed = proxyConfigSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const name =
        typeof key === 'string' && key in PROXY_SETTINGS
          ? PROXY_SETTINGS[key as Key].env
          : 'settings';
      problems.push(`${name}: ${issue.message}`);
    }
  }
  const exposed = parsed.success ? exposureProblem(parsed.data) : null;
  if (exposed) problems.push(exposed);
  if (parsed.success) problems.push(...oidcProblems(parsed.data));
  if (problems.length > 0 || !parsed.success) {
    throw new Error(
      `Invalid studio proxy settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return parsed.data;
}
