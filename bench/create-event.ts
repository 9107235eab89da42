/**
 * One studio on its SQLite file: from a create sent to the studio to the job's first
 * event on a browser's stream, and to the create's answer, measured side by side with
 * another version of the studio (`CREATE_EVENT_BASELINE`, a git revision, checked out
 * beside this one) in one run: both against one fake service that answers at once, so
 * what differs is the studio's own work (storing the intent, the answer, the event).
 * The two take turns, one create at a time, each once the last job was finished.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FAKE_KEY, FakeUpstream } from '@/proxy/test/fake-upstream';
import { spawnProxy, type ProxyProcess } from '@/proxy/test/proxy-process';

const ROUNDS = 200;
const WARM_UP = 20;
const ROOT = resolve(import.meta.dirname, '..');

interface Seen {
  /** When each job's first event arrived, by job id. */
  firsts: Map<string, number>;
  /** The jobs a `completed` event was seen for. */
  completed: Set<string>;
}

/** A browser's event stream, read as it comes. */
async function stream(url: string, abort: AbortSignal): Promise<Seen> {
  const firsts = new Map<string, number>();
  const completed = new Set<string>();
  const res = await fetch(`${url}/studio-api/events`, { signal: abort });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no event stream');
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) return;
        const at = performance.now();
        text += decoder.decode(r.value, { stream: true });
        for (const m of text.matchAll(/"job":\{"id":"([^"]+)"[^\n]*?"status":"(\w+)"/g)) {
          if (m[1] && !firsts.has(m[1])) firsts.set(m[1], at);
          if (m[1] && m[2] === 'completed') completed.add(m[1]);
        }
        text = text.slice(text.lastIndexOf('\n\n') + 1);
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return { firsts, completed };
}

const until = async (done: () => boolean, what: string) => {
  for (let wait = 0; !done(); wait++) {
    if (wait > 5000) throw new Error(`no ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
};

/**
 * One create, timed to its answer and to its first event; then the studio finishes the
 * job (its first read completes it) and settles, so each create finds it quiet.
 */
async function createOnce(url: string, seen: Seen, i: number) {
  const t0 = performance.now();
  const res = await fetch(`${url}/studio-api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'diffusion', params: { text: `a harbour ${i}` } }),
  });
  const answered = performance.now();
  const { job } = (await res.json()) as { job: { id: string } };
  if (!res.ok) throw new Error(`create: HTTP ${res.status}`);
  await until(() => seen.firsts.has(job.id), 'event for the job');
  const event = (seen.firsts.get(job.id) ?? 0) - t0;
  await until(() => seen.completed.has(job.id), 'completion');
  await new Promise((r) => setTimeout(r, 30));
  return { event, answer: answered - t0 };
}

/** `revision` checked out in a temp folder, sharing this checkout's node_modules. */
function checkout(revision: string): { main: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  rmSync(dir, { recursive: true });
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, revision], {
    stdio: 'ignore',
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const main = join(dir, 'src/proxy/main.ts');
  if (!existsSync(main)) throw new Error(`${revision} has no src/proxy/main.ts`);
  return {
    main,
    remove: () => execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', dir]),
  };
}

/** The median of `xs`, and where 95 % of the medians of its resamplings fall. */
function medianInterval(xs: number[]): { median: number; low: number; high: number } {
  let seed = 1;
  const random = () => (seed = (seed * 1664525 + 1013904223) % 2 ** 32) / 2 ** 32;
  const medians: number[] = [];
  for (let r = 0; r < 2000; r++) {
    const sample = xs.map(() => xs[Math.floor(random() * xs.length)] ?? 0);
    medians.push(percentile(sample, 0.5));
  }
  return {
    median: percentile(xs, 0.5),
    low: percentile(medians, 0.025),
    high: percentile(medians, 0.975),
  };
}

const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

export interface CreateEventFigures {
  baseline: string;
  rounds: number;
  /**
   * This studio's event time less the other's, round by round: the median, and the 2.5th
   * and 97.5th percentiles of that median over 2,000 resamplings of the rounds.
   */
  difference: { median: number; low: number; high: number };
  current: { event: { p50: number; p95: number }; answer: { p50: number; p95: number } };
  before: { event: { p50: number; p95: number }; answer: { p50: number; p95: number } };
}

export async function benchCreateEvent(
  baseline = process.env.CREATE_EVENT_BASELINE ?? '6daaff5',
): Promise<CreateEventFigures> {
  const fake = await new FakeUpstream().start();
  // A job completes on its first read: the poller's pass right after the create.
  fake.readsToComplete = 1;
  const root = mkdtempSync(join(tmpdir(), 'bench-create-event-'));
  const other = checkout(baseline);
  const abort = new AbortController();
  const sides = {
    current: { event: [] as number[], answer: [] as number[] },
    before: { event: [] as number[], answer: [] as number[] },
  };
  try {
    const env = (name: string) => ({
      PORT: '0',
      STUDIO_DATA_DIR: join(root, name),
      STUDIO_WEB_DIR: join(root, 'web'),
      STUDIO_CALLBACKS: 'off',
      UPSTREAM_URL: fake.url,
      UPSTREAM_API_KEY: FAKE_KEY,
      POLL_MS: '1000',
    });
    // Two halves, the studios started in one order and then the other: a process started
    // first was measured a little faster (0.1–0.2 ms with the same code on both sides).
    for (const half of [0, 1]) {
      const started: Partial<Record<keyof typeof sides, ProxyProcess>> = {};
      const order =
        half === 0 ? (['current', 'before'] as const) : (['before', 'current'] as const);
      try {
        for (const name of order) {
          started[name] = await spawnProxy(
            env(`${name}-${half}`),
            20_000,
            name === 'before' ? other.main : undefined,
          );
        }
        const seen = new Map<string, Seen>();
        for (const name of order)
          seen.set(name, await stream(started[name]?.url ?? '', abort.signal));
        for (let i = 0; i < WARM_UP + ROUNDS / 2; i++) {
          // Turns alternate which goes first, so neither always follows the other.
          for (const name of i % 2 === 0 ? order : [...order].reverse()) {
            const studio = started[name];
            const ofStudio = seen.get(name);
            if (!studio || !ofStudio) throw new Error('no studio');
            const sample = await createOnce(studio.url, ofStudio, i);
            if (i < WARM_UP) continue;
            sides[name].event.push(sample.event);
            sides[name].answer.push(sample.answer);
          }
        }
      } finally {
        for (const s of Object.values(started)) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      }
    }
    const figures = (side: { event: number[]; answer: number[] }) => ({
      event: { p50: percentile(side.event, 0.5), p95: percentile(side.event, 0.95) },
      answer: { p50: percentile(side.answer, 0.5), p95: percentile(side.answer, 0.95) },
    });
    const diffs = sides.current.event.map((ms, i) => ms - (sides.before.event[i] ?? ms));
    return {
      baseline,
      rounds: ROUNDS,
      difference: medianInterval(diffs),
      current: figures(sides.current),
      before: figures(sides.before),
    };
  } finally {
    abort.abort();
    await fake.stop();
    other.remove();
    rmSync(root, { recursive: true, force: true });
  }
}

export function printCreateEvent(f: CreateEventFigures): void {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const d = f.difference;
  console.log(
    `\ncreate → first job event, one studio on SQLite (${f.rounds} creates each, in turns)`,
  );
  for (const [name, side] of [
    ['this studio', f.current],
    [`at ${f.baseline}`, f.before],
  ] as const) {
    console.log(
      `  ${name.padEnd(16)} event p50 ${ms(side.event.p50)}  p95 ${ms(side.event.p95)}   answer p50 ${ms(side.answer.p50)}  p95 ${ms(side.answer.p95)}`,
    );
  }
  console.log(
    `  this studio less the other, round by round: median ${ms(d.median)} (95 % interval ${ms(d.low)} to ${ms(d.high)})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printCreateEvent(await benchCreateEvent(process.argv[2]));
}
