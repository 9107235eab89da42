import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { isLoopbackBind, isHostEntry, notAHost, splitHostList } from '@/contract/allowed-hosts';
import { httpUrlRe } from '@/contract/urls';

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
 * The proxy's settings, parsed once at start-up. This is the only file that reads the
 * upstream API key, so there is one place to audit for where the secret comes from.
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
  /** `off`: never ask the upstream for callbacks; the poller follows every job. */
  callbacks: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  /**
   * `on`: ask the upstream for progress notices too (`notify_progress: true`), for an
   * upstream that sends them (the embedded engine; the launcher turns it on). The hosted
   * service sends one callback per task, the final one.
   */
  upstreamProgress: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  /** When set, a callback must carry a valid `x-webhook-signature` made with it. */
  upstreamWebhookSecret: z.string().min(1).optional(),
  /**
   * How long the poller leaves a job that has a callback alone before its first read: the
   * callback normally arrives first and the read is never made.
   */
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
  /** How long the upstream keeps a job (about 3 days on the hosted service). */
  upstreamJobTtlH: intSetting(1, 24 * 365, 72),
  /** Timeout of one upstream read; a create gets twice as long. */
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
});
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

type Key = keyof ProxyConfig;

/** The environment variable behind each setting, for messages and for reading. */
const ENV_NAMES: Record<Key, string> = {
  port: 'PORT',
  host: 'HOST',
  upstreamUrl: 'UPSTREAM_URL',
  upstreamApiKey: 'UPSTREAM_API_KEY',
  dataDir: 'STUDIO_DATA_DIR',
  webDir: 'STUDIO_WEB_DIR',
  pollMs: 'POLL_MS',
  publicUrl: 'PUBLIC_URL',
  callbacks: 'STUDIO_CALLBACKS',
  upstreamProgress: 'UPSTREAM_PROGRESS',
  upstreamWebhookSecret: 'UPSTREAM_WEBHOOK_SECRET',
  hookWaitMs: 'HOOK_WAIT_MS',
  uploadMaxMb: 'STUDIO_UPLOAD_MAX_MB',
  uploadMaxMp: 'STUDIO_UPLOAD_MAX_MP',
  studioPassword: 'STUDIO_PASSWORD',
  allowedHosts: 'STUDIO_ALLOWED_HOSTS',
  mediaCacheMb: 'STUDIO_MEDIA_CACHE_MB',
  thumbCacheMb: 'STUDIO_THUMB_CACHE_MB',
  thumbMakers: 'STUDIO_THUMB_MAKERS',
  uploadsMb: 'STUDIO_UPLOADS_MB',
  upstreamJobTtlH: 'UPSTREAM_JOB_TTL_H',
  upstreamTimeoutMs: 'UPSTREAM_TIMEOUT_MS',
  databaseUrl: 'DATABASE_URL',
  leaseMs: 'STUDIO_LEASE_MS',
};

/** Secrets that may also come from a file named by `<NAME>_FILE` (Docker secrets). */
const SECRET_KEYS = new Set<Key>(['upstreamApiKey', 'studioPassword', 'databaseUrl']);

/** Unset and empty are the same: `FOO= cmd` must not turn a default into a bad value. */
const envValue = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
};

/** A secret from NAME or the file named by NAME_FILE. */
function readSecret(env: NodeJS.ProcessEnv, name: string, problems: string[]): string | undefined {
  const direct = envValue(env, name);
  const file = envValue(env, `${name}_FILE`);
  if (direct !== undefined && file !== undefined) {
    problems.push(`${name}_FILE: set either ${name} or ${name}_FILE, not both`);
    return undefined;
  }
  if (file === undefined) return direct;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (e) {
    const reason = e instanceof Error && 'code' in e ? String(e.code) : 'unreadable';
    problems.push(`${name}_FILE: cannot read the file ${JSON.stringify(file)} (${reason})`);
    return undefined;
  }
}

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
  for (const [key, name] of Object.entries(ENV_NAMES) as [Key, string][]) {
    // A launcher's value wins, and then the secret's file is not even read.
    if (!SECRET_KEYS.has(key)) raw[key] = envValue(env, name);
    else if (overrides[key] === undefined) raw[key] = readSecret(env, name, problems);
  }
  Object.assign(raw, overrides);
  const parsed = proxyConfigSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const name = typeof key === 'string' && key in ENV_NAMES ? ENV_NAMES[key as Key] : 'settings';
      problems.push(`${name}: ${issue.message}`);
    }
  }
  const exposed = parsed.success ? exposureProblem(parsed.data) : null;
  if (exposed) problems.push(exposed);
  if (problems.length > 0 || !parsed.success) {
    throw new Error(
      `Invalid studio proxy settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return parsed.data;
}
