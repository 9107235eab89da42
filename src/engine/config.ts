import { z } from 'zod';
import { isHostEntry, notAHost, splitHostList } from '@/contract/allowed-hosts';
import { httpUrlRe } from '@/contract/urls';

/** Environment variables are strings and an empty one means "not set", not "zero". */
const unset = (v: unknown): unknown => (v === '' ? undefined : v);
const num = (min: number, max: number, fallback: number, integer = true) => {
  const allowed = `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
  const n = z.coerce.number({ error: allowed }).min(min, allowed).max(max, allowed);
  return z.preprocess(unset, (integer ? n.int(allowed) : n).default(fallback));
};
const SERVER_URL_RE = httpUrlRe({ host: true });
const str = () => z.preprocess(unset, z.string().trim().min(1).optional());

export const engineConfigSchema = z.object({
  port: num(0, 65535, 8090),
  host: z.preprocess(unset, z.string().trim().min(1).default('127.0.0.1')),
  dataDir: z.preprocess(unset, z.string().trim().min(1).default('./data/engine')),
  /** Base of the absolute media URLs; default `http://<host>:<bound port>`. */
  publicUrl: z.preprocess(
    unset,
    z
      .string()
      // Parsed too: a port or host the URL parser refuses (`:99999`) would make every
      // media URL unusable.
      .refine((u) => SERVER_URL_RE.test(u) && URL.canParse(u), {
        error: 'must be an http:// or https:// URL',
      })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
  /** Path to a JSON array of accounts; without it one dev account is created. */
  accountsFile: str(),
  /** Minimum processing time of one attempt, so a person can watch the progress. */
  taskMs: num(0, 600_000, 4000),
  /** Chance (0 to 1) that one processing attempt fails transiently. */
  faultRate: num(0, 1, 0, false),
  /** How long a job can be read (and used as a parent) after it was created. */
  jobTtlS: num(1, 31_536_000, 259_200),
  /** How long after its completion a video task can still be extended. */
  extendWindowS: num(1, 31_536_000, 259_200),
  /** `1` lets outbound fetches reach private, link-local and metadata addresses. */
  allowPrivateFetch: z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? '1' : '0') : unset(v)),
    z
      .enum(['0', '1'], { error: 'must be 0 or 1' })
      .default('0')
      .transform((v) => v === '1'),
  ),
  /** The balance in USD below which `/account/balance` raises `low_balance_alert`. */
  alertUsd: num(0, 1_000_000, 10, false),
  /** `on` makes enhance-upscale a working operation; `off` answers it 503 as the service does. */
  enhanceUpscale: z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? 'on' : 'off') : unset(v)),
    z
      .enum(['on', 'off'], { error: 'must be on or off' })
      .default('off')
      .transform((v) => v === 'on'),
  ),
  /**
   * More names the engine answers to besides localhost, 127.0.0.1 and [::1] on its port:
   * `name` on any port, `name:port` on that one. Also turns the check on for a non-loopback bind.
   */
  allowedHosts: z.preprocess(
    splitHostList,
    z
      .array(
        z.string().refine(isHostEntry, { error: notAHost('engine.lan,engine.example.com:8443') }),
      )
      .default([]),
  ),
});
export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type EngineConfigInput = z.input<typeof engineConfigSchema>;

const ENV_NAMES = {
  port: 'ENGINE_PORT',
  host: 'ENGINE_HOST',
  dataDir: 'ENGINE_DATA_DIR',
  publicUrl: 'ENGINE_PUBLIC_URL',
  accountsFile: 'ENGINE_ACCOUNTS',
  taskMs: 'ENGINE_TASK_MS',
  faultRate: 'ENGINE_FAULT_RATE',
  jobTtlS: 'ENGINE_JOB_TTL_S',
  extendWindowS: 'ENGINE_EXTEND_WINDOW_S',
  allowPrivateFetch: 'ENGINE_ALLOW_PRIVATE_FETCH',
  enhanceUpscale: 'ENGINE_ENHANCE_UPSCALE',
  allowedHosts: 'ENGINE_ALLOWED_HOSTS',
  alertUsd: 'ENGINE_ALERT_USD',
} as const satisfies Record<keyof EngineConfig, string>;

/** Reads the `ENGINE_*` settings; throws one Error listing every bad setting. */
export function loadEngineConfig(env: NodeJS.ProcessEnv): EngineConfig {
  const raw = Object.fromEntries(
    Object.entries(ENV_NAMES).map(([key, envName]) => [key, env[envName]]),
  );
  const result = engineConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const envName = key in ENV_NAMES ? ENV_NAMES[key as keyof EngineConfig] : key;
    return `  ${envName}=${JSON.stringify(raw[key] ?? '')}: ${issue.message}`;
  });
  throw new Error(`invalid engine settings:\n${lines.join('\n')}`);
}
