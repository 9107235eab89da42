import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** The proxy as its own process (src/proxy/main.ts), as an operator runs it. */
export interface ProxyProcess {
  url: string;
  child: ChildProcess;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the proxy with `env` added to this process's; resolves once it says it is ready.
 * `main`: another checkout's `src/proxy/main.ts` (a bench comparing two versions).
 */
export function spawnProxy(
  env: Record<string, string>,
  timeoutMs = 20_000,
  main = MAIN,
): Promise<ProxyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    // Its checkout's root, whose tsconfig maps `@/`.
    cwd: path.resolve(path.dirname(main), '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the proxy did not start:\n${out}`));
    }, timeoutMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Studio ready: open (http:\/\/\S+)/.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      resolve({ url: m[1], child, exited, output: () => out });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the proxy exited (${code}) before it was ready:\n${out}`));
    });
  });
}
