/**
 * `npm start`: builds the web app, then runs the launcher (src/main.ts) in this process.
 * Arguments are never a start (`--help` is answered, any other refused), so with any the
 * launcher answers at once, without a build.
 */
import { spawnSync } from 'node:child_process';
import { main } from '@/main';

if (process.argv.length <= 2) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await main();
