/**
 * `npm test`: the unit and component tests (`npm run test:unit`) and the browser tests
 * (`npm run test:e2e`) at the same time. Most of either suite waits on real servers,
 * browsers and databases rather than on a CPU, so on a 2-core machine the two together
 * take little more than the longer one alone.
 *
 * The unit tests print as they run; the browser tests' output is held until the unit
 * tests end, then printed and followed live, so neither log is cut into the other. The
 * exit status is the first failure's (or 0), and an interrupt stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Suite {
  child: ChildProcess;
  done: Promise<number>;
}

function start(script: string, live: boolean, held: Buffer[]): Suite {
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
  });
  if (!live) {
    child.stdout?.on('data', (b: Buffer) => held.push(b));
    child.stderr?.on('data', (b: Buffer) => held.push(b));
  }
  const done = new Promise<number>((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, done };
}

const held: Buffer[] = [];
const unit = start('test:unit', true, held);
const e2e = start('test:e2e', false, held);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const { child } of [unit, e2e]) child.kill(signal);
  });
}

const unitStatus = await unit.done;
// What the browser tests printed so far, then the rest as it comes (in one go, so
// nothing lands between the two).
e2e.child.stdout?.removeAllListeners('data');
e2e.child.stderr?.removeAllListeners('data');
process.stdout.write(Buffer.concat(held.splice(0)));
e2e.child.stdout?.pipe(process.stdout);
e2e.child.stderr?.pipe(process.stderr);
const e2eStatus = await e2e.done;
process.exit(unitStatus !== 0 ? unitStatus : e2eStatus);
