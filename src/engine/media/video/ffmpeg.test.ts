import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnEngine, tempDir } from '@/engine/test-support';

/** A live (not yet reaped or dying) process: its pid, its parent's, and its command line. */
interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

/** Every live process on this machine (Linux /proc; none elsewhere). */
function processes(): Proc[] {
  if (!fs.existsSync('/proc')) return [];
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const m = /^\d+ \(.*\) (\S) (\d+)/s.exec(stat);
      if (!m || m[1] === 'Z' || m[1] === 'X') return [];
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      return [{ pid: Number(name), ppid: Number(m[2]), cmdline }];
    } catch {
      return []; // it ended while we looked
    }
  });
}

/**
 * The ffmpeg processes of an engine: they name a file in its data dir (the clip they
 * write), which is how they are found once the engine is gone and they are no longer its
 * children.
 */
const rendersIn = (dataDir: string): Proc[] =>
  processes().filter((p) => p.cmdline.includes('ffmpeg') && p.cmdline.includes(dataDir));

/** The types of an MP4's top-level boxes, as far as its bytes go. */
function topBoxes(data: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    const size = data.readUInt32BE(at);
    types.push(data.toString('latin1', at + 4, at + 8));
    // 0: to the end of the file; 1: a 64-bit size follows; below 8: not a box (cut short).
    if (size === 0 || size === 1 || size < 8) break;
    at += size;
  }
  return types;
}

/**
 * The clips ffmpeg had begun in `dir` and finished after all: an encoder that outlives its
 * engine takes the end of its input as the end of the clip and writes the index (`moov`)
 * that makes its temporary file a complete MP4.
 */
const finishedTemps = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((name) => name.includes('.mp4.') && name.endsWith('.tmp'))
    .filter((name) => topBoxes(fs.readFileSync(path.join(dir, name))).includes('moov'));

/** Polls `check` every 20 ms until it holds, for at most `ms`; says whether it held. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe.runIf(process.platform === 'linux')('ffmpeg and a killed engine', () => {
  it('kills every ffmpeg of an engine killed with SIGKILL while it renders clips, before it finishes its clip', async () => {
    const dataDir = await tempDir();
    const { child, ready } = spawnEngine(dataDir, { ENGINE_TASK_MS: '0' });
    const exited = new Promise((r) => child.once('exit', r));
    // Whatever happens, nothing this test started stays behind.
    cleanup = () => {
      child.kill('SIGKILL');
      for (const p of rendersIn(dataDir)) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // it ended meanwhile
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    const { url, key } = await ready;
    const post = async (op: string, body: unknown) => {
      const res = await fetch(`${url}/api/v1/${op}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { job_id: string }).job_id;
    };
    const status = async (jobId: string) =>
      ((await (await fetch(`${url}/api/v1/job/${jobId}`)).json()) as { status: string }).status;

    const grid = await post('diffusion', { text: 'a lighthouse on a cliff --ar 16:9' });
    expect(await within(15_000, async () => (await status(grid)) === 'completed')).toBe(true);
    // Four 5 s clips, as many encoded at once as there are cores: seconds of ffmpeg.
    await post('video-diffusion', { jobId: grid, imageNo: 0 });
    const rendering = () => rendersIn(dataDir).some((p) => p.ppid === child.pid);
    expect(await within(15_000, rendering)).toBe(true);

    child.kill('SIGKILL');
    await exited;
    // Polled for up to 1 s: a killed process takes a moment to be gone.
    await within(1000, () => rendersIn(dataDir).length === 0);
    expect(rendersIn(dataDir)).toEqual([]);
    // Killed, not left to end: none of them finished the clip it was writing.
    expect(finishedTemps(path.join(dataDir, 'files'))).toEqual([]);
  }, 60_000);
});
