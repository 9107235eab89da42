/**
 * Starts the studio for the e2e run on fresh data directories, so every run begins
 * with an empty history and a fresh engine account; they are removed when Playwright
 * stops the server (a run leaves about 150 MB of media).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStudio } from '@/main';

const root = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
const studio = await startStudio({
  ...process.env,
  STUDIO_DATA_DIR: join(root, 'studio'),
  ENGINE_DATA_DIR: join(root, 'engine'),
});
console.log(`e2e studio at ${studio.url}, data in ${root}`);
const stop = () =>
  void studio.stop().finally(() => {
    rmSync(root, { recursive: true, force: true });
    process.exit(0);
  });
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
