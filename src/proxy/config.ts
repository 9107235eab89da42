import { readFileSync } from 'node:fs';
import { z } from 'zod';

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
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i, {
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
};

/** Unset and empty are the same: `FOO= cmd` must not turn a default into a bad value. */
const envValue = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
};

/** The key from UPSTREAM_API_KEY or the file named by UPSTREAM_API_KEY_FILE. */
function readApiKey(env: NodeJS.ProcessEnv, problems: string[]): string | undefined {
  const direct = envValue(env, 'UPSTREAM_API_KEY');
  const file = envValue(env, 'UPSTREAM_API_KEY_FILE');
  if (direct !== undefined && file !== undefined) {
    problems.push(
      'UPSTREAM_API_KEY_FILE: set either UPSTREAM_API_KEY or UPSTREAM_API_KEY_FILE, not both',
    );
    return undefined;
  }
  if (file === undefined) return direct;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (e) {
    const reason = e instanceof Error && 'code' in e ? String(e.code) : 'unreadable';
    problems.push(
      `UPSTREAM_API_KEY_FILE: cannot read the file ${JSON.stringify(file)} (${reason})`,
    );
    return undefined;
  }
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
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    if (key !== 'upstreamApiKey') raw[key] = envValue(env, name);
  }
  raw.upstreamApiKey =
    overrides.upstreamApiKey !== undefined ? undefined : readApiKey(env, problems);
  Object.assign(raw, overrides);
  const parsed = proxyConfigSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const name = typeof key === 'string' && key in ENV_NAMES ? ENV_NAMES[key as Key] : 'settings';
      problems.push(`${name}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) {
    throw new Error(
      `Invalid studio proxy settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return parsed.data;
}
