/**
 * The one place that chooses the browser of the end-to-end tests and the benchmark.
 * `E2E_CHROMIUM`:
 *   a path   that Chromium executable
 *   `npm`    the headless shell shipped in the `@sparticuz/chromium` devDependency
 *   unset    Debian's /usr/bin/chromium when present, else `npm`
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { locateNpmChromium, unpackNpmChromium } from './npm-chromium.ts';

const SYSTEM = '/usr/bin/chromium';

/** The project's standard: no sandbox (containers, root), no GPU, no traffic of its own. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ChromiumChoice {
  /** How the browser was chosen, for reports: `npm @sparticuz/chromium 153.0.0`, a path. */
  label: string;
  launch: LaunchOptions & { executablePath: string };
  /** Makes the browser ready to launch (unpacks the npm-shipped one the first time). */
  prepare: () => Promise<void>;
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function npmChoice(env: NodeJS.ProcessEnv): ChromiumChoice {
  const found = locateNpmChromium(env);
  return {
    label: `npm @sparticuz/chromium ${found.version} (${found.dir})`,
    launch: { executablePath: found.executablePath, args: ARGS, env: { ...env, ...found.env } },
    prepare: () => unpackNpmChromium(found),
  };
}

function pathChoice(path: string, label: string): ChromiumChoice {
  return { label, launch: { executablePath: path, args: ARGS }, prepare: async () => {} };
}

/** Reads `E2E_CHROMIUM`; a value naming no executable stops the run and says why. */
export function chooseChromium(env: NodeJS.ProcessEnv = process.env): ChromiumChoice {
  const setting = env.E2E_CHROMIUM?.trim() ?? '';
  if (setting === 'npm') return npmChoice(env);
  if (setting === '') return existsSync(SYSTEM) ? pathChoice(SYSTEM, SYSTEM) : npmChoice(env);
  const path = isAbsolute(setting) ? setting : resolve(setting);
  if (!executable(path)) {
    throw new Error(
      `E2E_CHROMIUM=${setting}: no executable there; set the path of a Chromium executable, or npm for the npm-shipped one`,
    );
  }
  return pathChoice(path, path);
}
