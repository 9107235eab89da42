import { z } from 'zod';
import { isHostEntry, notAHost, splitHostList } from '@/contract/allowed-hosts';
import { httpUrlRe } from '@/contract/urls';
import {
  helpSection,
  LOG_LEVEL_DOC,
  logLevelSchema,
  metricsTokenDoc,
  metricsTokenSchema,
  type SettingDoc,
  settingRows,
} from '@/server/settings';

/** Environment variables are strings and an empty one means "not set", not "zero". */
const unset = (v: unknown): unknown => (v === '' ? undefined : v);
const num = (min: number, max: number, fallback: number, integer = true) => {
  const allowed = `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
  const n = z.coerce.number({ error: allowed }).min(min, allowed).max(max, allowed);
  return z.preprocess(unset, (integer ? n.int(allowed) : n).default(fallback));
};
const SERVER_URL_RE = httpUrlRe({ host: true });
const str = () => z.preprocess(unset, z.string().trim().min(1).optional());

/** The engine's settings; their variables and meanings: ENGINE_SETTINGS, below. */
export const engineConfigSchema = z.object({
  port: num(0, 65535, 8090),
  host: z.preprocess(unset, z.string().trim().min(1).default('127.0.0.1')),
  dataDir: z.preprocess(unset, z.string().trim().min(1).default('./data/engine')),
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
  accountsFile: str(),
  taskMs: num(0, 600_000, 4000),
  faultRate: num(0, 1, 0, false),
  jobTtlS: num(1, 31_536_000, 259_200),
  extendWindowS: num(1, 31_536_000, 259_200),
  allowPrivateFetch: z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? '1' : '0') : unset(v)),
    z
      .enum(['0', '1'], { error: 'must be 0 or 1' })
      .default('0')
      .transform((v) => v === '1'),
  ),
  alertUsd: num(0, 1_000_000, 10, false),
  enhanceUpscale: z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? 'on' : 'off') : unset(v)),
    z
      .enum(['on', 'off'], { error: 'must be on or off' })
      .default('off')
      .transform((v) => v === 'on'),
  ),
  allowedHosts: z.preprocess(
    splitHostList,
    z
      .array(
        z.string().refine(isHostEntry, { error: notAHost('engine.lan,engine.example.com:8443') }),
      )
      .default([]),
  ),
  metricsToken: z.preprocess(unset, metricsTokenSchema),
  logLevel: z.preprocess(unset, logLevelSchema),
});
export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type EngineConfigInput = z.input<typeof engineConfigSchema>;

/**
 * Each setting's variable and meaning, in the order `--help` and README.md list them. The
 * one place they are written: help and the README are made from it (src/server/settings.ts).
 */
const ENGINE_SETTINGS = {
  port: {
    env: 'ENGINE_PORT',
    defaultText: '`8090` alone; ephemeral when embedded',
    meaning: 'port of the engine (`0`: any free port)',
  },
  host: { env: 'ENGINE_HOST', meaning: 'address the engine binds' },
  dataDir: {
    env: 'ENGINE_DATA_DIR',
    meaning:
      "tasks, ledger and outbox (`engine.sqlite`), media files (`files/`) and the dev account's key (`dev-api-key`)",
  },
  publicUrl: {
    env: 'ENGINE_PUBLIC_URL',
    defaultText: '`http://<host>:<port>`',
    meaning: 'base of the absolute media URLs in task outputs',
  },
  accountsFile: {
    env: 'ENGINE_ACCOUNTS',
    defaultText: 'one dev account',
    meaning: 'path to a JSON array of accounts (README.md, "Accounts file")',
  },
  taskMs: {
    env: 'ENGINE_TASK_MS',
    meaning: 'minimum processing time of one attempt, so progress can be watched',
  },
  faultRate: {
    env: 'ENGINE_FAULT_RATE',
    meaning: 'chance (0 to 1) that a processing attempt fails transiently',
  },
  jobTtlS: {
    env: 'ENGINE_JOB_TTL_S',
    meaning: 'how long after its creation a job can be read or used as a parent',
  },
  extendWindowS: {
    env: 'ENGINE_EXTEND_WINDOW_S',
    meaning: "how long after a video's completion it can be extended",
  },
  allowPrivateFetch: {
    env: 'ENGINE_ALLOW_PRIVATE_FETCH',
    meaning:
      '`1`: fetched image URLs and callbacks may reach private, link-local and metadata addresses',
  },
  allowedHosts: {
    env: 'ENGINE_ALLOWED_HOSTS',
    meaning:
      'more names to answer besides localhost, 127.0.0.1 and [::1] on its port: `name` or `name:port`, comma-separated; set, it also turns the check on for a non-loopback bind',
  },
  enhanceUpscale: {
    env: 'ENGINE_ENHANCE_UPSCALE',
    meaning:
      '`on`: enhance-upscale works (long side by `target_resolution`, `aspect_ratio`, `crop_mode`, `output_format`) instead of answering 503',
  },
  alertUsd: {
    env: 'ENGINE_ALERT_USD',
    meaning: 'balance in USD below which `/account/balance` reports `low_balance_alert`',
  },
  metricsToken: metricsTokenDoc('ENGINE_METRICS_TOKEN'),
  logLevel: LOG_LEVEL_DOC,
} as const satisfies Record<keyof EngineConfig, SettingDoc>;

/** The engine's settings as `--help` and README.md show them. */
export const engineSettings = settingRows(engineConfigSchema, ENGINE_SETTINGS);

/** What `npm run engine -- --help` prints. */
export const engineHelp = (): string =>
  [
    'Usage: npm run engine [-- --help]',
    '',
    'Starts the task service alone. It takes no arguments: every setting is an environment',
    'variable, read at start; a bad value stops it with a list of what is wrong.',
    '',
    helpSection('Engine', engineSettings),
  ].join('\n');

/** Reads the `ENGINE_*` settings; throws one Error listing every bad setting. */
export function loadEngineConfig(env: NodeJS.ProcessEnv): EngineConfig {
  const raw = Object.fromEntries(
    Object.entries(ENGINE_SETTINGS).map(([key, doc]) => [key, env[doc.env]]),
  );
  const result = engineConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const envName = key in ENGINE_SETTINGS ? ENGINE_SETTINGS[key as keyof EngineConfig].env : key;
    return `  ${envName}=${JSON.stringify(raw[key] ?? '')}: ${issue.message}`;
  });
  throw new Error(`invalid engine settings:\n${lines.join('\n')}`);
}
