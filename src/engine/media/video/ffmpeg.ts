import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import os from 'node:os';

/*
 * The video toolchain: the static ffmpeg (with libx264) that ships inside the npm package
 * `@ffmpeg-installer/ffmpeg`, so no system ffmpeg and no download outside the npm registry
 * is needed. Every ffmpeg process is a plain (non-detached) child whose stdin or stdout is
 * a pipe to us: if the engine dies, the pipe closes and ffmpeg ends too. On abort or exit
 * we kill it outright.
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
  /** Resolves when ffmpeg exits with 0; rejects with the tail of its stderr otherwise. */
  done: Promise<void>;
}

/** Starts ffmpeg with `args`; `stdin`/`stdout` say which ends are pipes to us. */
export async function runFfmpeg(
  args: readonly string[],
  opts: { stdin: boolean; stdout: boolean; signal?: AbortSignal },
): Promise<FfmpegRun> {
  opts.signal?.throwIfAborted();
  const path = await ffmpegPath();
  installExitHook();
  const child = spawn(path, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    stdio: [opts.stdin ? 'pipe' : 'ignore', opts.stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  running.add(child);
  const kill = () => child.kill('SIGKILL');
  opts.signal?.addEventListener('abort', kill, { once: true });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => {
    stderr = (stderr + s).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
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
  // A failed run is reported through `done`; this keeps an early failure from going unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/** Runs ffmpeg to completion and returns what it printed on stderr (for probes). */
export async function ffmpegInfo(args: readonly string[]): Promise<string> {
  const path = await ffmpegPath();
  return new Promise((resolve, reject) => {
    const child = spawn(path, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr += s));
    child.once('error', reject);
    child.once('close', () => resolve(stderr));
  });
}
