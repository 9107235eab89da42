/**
 * A studio behind a password, serving a copy of the e2e build from a folder that can be
 * switched to another build while it runs, as a deploy replaces the files a running
 * studio serves: the installable app's first install, its offline shell and its offer of
 * the new build, as a signed-in browser meets them.
 */
import { cpSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

export const PWA_PASSWORD = 'installable studio';

/** What the next build's index.html says of itself, so a page can tell which it runs. */
export const NEXT_BUILD = { name: 'studio-build', content: 'next' };

export interface PwaStack {
  url: string;
  /** Builds the app again, marked as the next build, and serves it from now on. */
  deployNextBuild(): Promise<void>;
  stop(): Promise<void>;
}

/** The build the e2e server serves (its webServer command builds it first). */
const E2E_BUILD = resolve('dist/web');

/** Marks the build's index.html, which changes its revision in the worker's precache. */
const markNextBuild = (): Plugin => ({
  name: 'e2e-next-build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: NEXT_BUILD, injectTo: 'head' }],
});

export async function startPwaStack(): Promise<PwaStack> {
  const root = mkdtempSync(join(tmpdir(), 'studio-e2e-pwa-'));
  const served = join(root, 'web');
  cpSync(E2E_BUILD, join(root, 'build-1'), { recursive: true });
  symlinkSync(join(root, 'build-1'), served);
  const studio = await runStudio({
    STUDIO_WEB_DIR: served,
    STUDIO_PASSWORD: PWA_PASSWORD,
    ENGINE_TASK_MS: '500',
  });
  const url = studio.url;
  const stop = async () => {
    studio.child.kill('SIGTERM');
    await studio.exited;
    rmSync(root, { recursive: true, force: true });
  };
  const deployNextBuild = async () => {
    const next = join(root, 'build-2');
    await build({ logLevel: 'warn', plugins: [markNextBuild()], build: { outDir: next } });
    // One rename: every request sees one build or the other, never a mix.
    symlinkSync(next, join(root, 'web-next'));
    renameSync(join(root, 'web-next'), served);
  };
  try {
    await waitForHealth(url, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, deployNextBuild, stop };
}
