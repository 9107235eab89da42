import type { ChildProcess, StdioOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';

/*
 * The video toolchain: the static ffmpeg (with libx264) that ships inside the npm package
 * `@ffmpeg-installer/ffmpeg`, so no system ffmpeg and no download outside the npm registry
 * is needed. Every ffmpeg process is a plain (non-detached) child. On abort or exit we kill
 * it outright, and on Linux the kernel kills it when the engine dies, however it dies (see
 * `launcherOf`). A pipe's closing is not enough: an encoder that reads frames on stdin
 * takes the end of input as the end of the clip and finishes its file, and a join has no
 * pipe at all. A file ffmpeg makes is written under a name of its own and only the engine
 * moves it into place (see `runFfmpeg`), so even an ffmpeg that does outlive its engine
 * (on a system without `setpriv`) never writes a task's output.
 */

/** Frames per second of every clip the engine makes. */
export const FPS = 24;

/**
 * H.264 (High profile) in MP4, yuv420p so every browser decodes it, `+faststart` so the
 * index comes first and playback can begin before the download ends; a keyframe every
 * 2 s keeps seeking in long (extended) clips quick. `veryfast` with CRF 23 encodes a
 * 5 s 480p clip in about 0.4 s on 2 cores (`ultrafast` was no quicker end to end, since
 * rendering the frames takes longer, and made files 4x larger).
 */
export const X264_ARGS: readonly string[] = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-g',
  String(FPS * 2),
  '-movflags',
  '+faststart',
];

export interface VideoSize {
  width: number;
  height: number;
}

let binary: Promise<string> | null = null;

/** The ffmpeg binary of the installed platform package (loaded on first use only). */
function ffmpegPath(): Promise<string> {
  binary ??= import('@ffmpeg-installer/ffmpeg').then(
    (mod) => mod.default.path,
    (err: unknown) => {
      binary = null;
      // The package throws a plain string on an unsupported platform.
      throw new Error(`no ffmpeg for ${process.platform}-${process.arch}: ${String(err)}`);
    },
  );
  return binary;
}

let launcher: Promise<readonly string[]> | null = null;

/**
 * What ffmpeg is started through, found once. On Linux, util-linux's
 * `setpriv --pdeathsig KILL`, which has the kernel SIGKILL ffmpeg as soon as the engine
 * dies, SIGKILL included. The signal is armed only once setpriv has run, and an engine that
 * died before that sends none, so a shell then checks that its parent is still the engine
 * before it becomes ffmpeg, and exits otherwise.
 * Elsewhere, or where `setpriv` is missing or too old for `--pdeathsig`, ffmpeg is spawned
 * plainly and dies with the engine only through its pipes and the exit hook below, which
 * a SIGKILL of the engine skips.
 * The kernel sends that signal when the thread that spawned ffmpeg ends, not the process:
 * ffmpeg is started from the engine's main thread only (the media workers of
 * src/engine/media/media-pool.ts run no video).
 */
function launcherOf(ffmpeg: string): Promise<readonly string[]> {
  launcher ??= new Promise((resolve) => {
    if (process.platform !== 'linux') {
      resolve([]);
      return;
    }
    const parentCheck = 'test "$PPID" = "$0" && exec "$@"';
    const args = ['--pdeathsig', 'KILL', '--', '/bin/sh', '-c', parentCheck, String(process.pid)];
    const probe = spawn('setpriv', [...args, ffmpeg, '-version'], { stdio: 'ignore' });
    probe.once('error', () => resolve([]));
    probe.once('close', (code) => resolve(code === 0 ? ['setpriv', ...args] : []));
  });
  return launcher;
}

/** Starts ffmpeg (through the launcher, when there is one) with `args`. */
async function spawnFfmpeg(args: readonly string[], stdio: StdioOptions) {
  const path = await ffmpegPath();
  const [command = path, ...rest] = [...(await launcherOf(path)), path, ...args];
  return { path, child: spawn(command, rest, { stdio }) };
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A last resort: whatever is still running when the process exits is killed with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * Encoders compete for the same cores; more of them than cores at once only adds
 * switching. Each waits here for a slot (the limit is per process, shared by all tasks).
 */
const SLOTS = Math.max(1, os.availableParallelism());
let busy = 0;
const waiting: (() => void)[] = [];

export async function withEncoderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  try {
    return await work();
  } finally {
    busy--;
    waiting.shift()?.();
  }
}

export interface FfmpegRun {
  child: ChildProcess;
  /**
   * Resolves when ffmpeg has exited with 0 and its output is in place; rejects with the
   * tail of its stderr otherwise.
   */
  done: Promise<void>;
}

interface FfmpegOpts {
  /** Whether stdin and stdout are pipes to us. */
  stdin: boolean;
  stdout: boolean;
  signal?: AbortSignal;
  /**
   * The file ffmpeg makes, given last on its command line (so `args` must name the
   * format, e.g. `-f mp4`). ffmpeg writes a random name beside it, which no later attempt
   * of the same task reuses, and the engine renames that into place once ffmpeg has exited
   * with 0 and `signal` still wants the file; otherwise it is removed.
   */
  output?: string;
}

/** The temporary name beside `file` that ffmpeg writes in its place. */
const tempBeside = (file: string): string => `${file}.${randomBytes(6).toString('hex')}.tmp`;

/** Starts ffmpeg with `args`. */
export async function runFfmpeg(args: readonly string[], opts: FfmpegOpts): Promise<FfmpegRun> {
  opts.signal?.throwIfAborted();
  const out =
    opts.output === undefined ? null : { file: opts.output, tmp: tempBeside(opts.output) };
  installExitHook();
  const { path, child } = await spawnFfmpeg(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args, ...(out ? ['-y', out.tmp] : [])],
    [opts.stdin ? 'pipe' : 'ignore', opts.stdout ? 'pipe' : 'ignore', 'pipe'],
  );
  running.add(child);
  const kill = () => child.kill('SIGKILL');
  opts.signal?.addEventListener('abort', kill, { once: true });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => {
    stderr = (stderr + s).slice(-2000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    const forget = () => {
      running.delete(child);
      opts.signal?.removeEventListener('abort', kill);
    };
    child.once('error', (err) => {
      forget();
      // EACCES: the platform package's binary lost its execute bit (chmod u+x fixes it).
      reject(new Error(`cannot run ${path}: ${err.message}`));
    });
    child.once('close', (code, sig) => {
      forget();
      if (code === 0) resolve();
      else if (opts.signal?.aborted) reject(new Error('video encoding was stopped'));
      else reject(new Error(`ffmpeg failed (${sig ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
  const done = out ? placed(exited, out, opts.signal) : exited;
  // A failed run is reported through `done`; this keeps an early failure from going unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/** Moves `tmp` to `file` once ffmpeg succeeded, if it is still wanted; else removes it. */
async function placed(
  exited: Promise<void>,
  { file, tmp }: { file: string; tmp: string },
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await exited;
    signal?.throwIfAborted();
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw signal?.aborted ? new Error('video encoding was stopped') : err;
  }
}

/** Runs ffmpeg to completion and returns what it printed on stderr (for probes). */
export async function ffmpegInfo(args: readonly string[]): Promise<string> {
  const { child } = await spawnFfmpeg(
    ['-hide_banner', '-nostdin', ...args],
    ['ignore', 'ignore', 'pipe'],
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (s: string) => (stderr += s));
    child.once('error', reject);
    child.once('close', () => resolve(stderr));
  });
}
