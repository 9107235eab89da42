import { once } from 'node:events';
import fs from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import type { VideoSize } from './ffmpeg';
import { FPS, X264_ARGS, ffmpegInfo, runFfmpeg } from './ffmpeg';

/*
 * Frames travel as packed RGB (3 bytes a pixel) between sharp and ffmpeg: the encoder
 * reads them on stdin, the decoder writes them on stdout.
 */

const frameBytes = (s: VideoSize): number => s.width * s.height * 3;

export interface FrameSink {
  size: VideoSize;
  /** Waits while ffmpeg is behind, so frames never pile up in memory. */
  write(frame: Buffer): Promise<void>;
  /** Ends the stream and waits until the file is complete and in place. */
  close(): Promise<void>;
  /** Kills the encoder and waits until it has exited; no file is left. */
  abort(): Promise<void>;
}

/**
 * Writes one frame, waiting while ffmpeg is behind. If ffmpeg dies no 'drain' comes:
 * its exit (`done`) then reports the failure with ffmpeg's own message.
 */
async function writeChunk(stdin: Writable, chunk: Buffer, done: Promise<void>): Promise<void> {
  if (stdin.write(chunk)) return;
  const drained = once(stdin, 'drain').then(
    () => true,
    () => false,
  );
  if (await Promise.race([drained, done.then(() => false)])) return;
  await done;
  throw new Error('ffmpeg stopped reading frames');
}

/**
 * Opens an H.264 MP4 encoder making `file`, which appears only once the encoder has
 * finished it (see `runFfmpeg`). `scale` (an ffmpeg scale, e.g. 2) resizes every frame on
 * the way in, with lanczos; the input size stays `size`.
 */
export async function openEncoder(
  file: string,
  size: VideoSize,
  opts: { signal?: AbortSignal; scale?: number } = {},
): Promise<FrameSink> {
  const { width, height } = size;
  const filter = opts.scale
    ? ['-vf', `scale=${width * opts.scale}:${height * opts.scale}:flags=lanczos`]
    : [];
  const input = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`];
  const args = [...input, '-r', String(FPS), '-i', 'pipe:0', ...filter, ...X264_ARGS];
  const run = await runFfmpeg([...args, '-f', 'mp4'], {
    stdin: true,
    stdout: false,
    signal: opts.signal,
    output: file,
  });
  const stdin = run.child.stdin;
  if (!stdin) throw new Error('ffmpeg has no stdin');
  // EPIPE after ffmpeg died surfaces through `done`, with ffmpeg's own message.
  stdin.on('error', () => undefined);
  const bytes = frameBytes(size);
  return {
    size,
    async write(frame) {
      if (frame.length !== bytes) {
        throw new Error(`frame is ${frame.length} bytes, expected ${bytes} (${width}x${height})`);
      }
      await writeChunk(stdin, frame, run.done);
    },
    async close() {
      stdin.end();
      await run.done;
    },
    async abort() {
      run.child.kill('SIGKILL');
      await run.done.catch(() => undefined);
    },
  };
}

/** Yields fixed-size frames from a byte stream that arrives in arbitrary chunks. */
async function* framesOf(stream: Readable, bytes: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    length += chunk.length;
    if (length < bytes) continue;
    let all = Buffer.concat(pending, length);
    while (all.length >= bytes) {
      yield all.subarray(0, bytes);
      all = all.subarray(bytes);
    }
    pending = [all];
    length = all.length;
  }
}

/**
 * Decodes a clip to RGB frames of its own size (read the size with `probeVideo`);
 * `lastSeconds` decodes only the end of it.
 */
export async function* decodeFrames(
  file: string,
  size: VideoSize,
  opts: { signal?: AbortSignal; lastSeconds?: number } = {},
): AsyncGenerator<Buffer> {
  const { signal, lastSeconds } = opts;
  const seek = lastSeconds ? ['-sseof', `-${lastSeconds}`] : [];
  const args = [...seek, '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const run = await runFfmpeg(args, { stdin: false, stdout: true, signal });
  const stdout = run.child.stdout;
  if (!stdout) throw new Error('ffmpeg has no stdout');
  try {
    yield* framesOf(stdout, frameBytes(size));
    await run.done;
  } finally {
    // A consumer that stops early (or fails) must not leave the decoder running.
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
  }
}

/** The last frame of a clip, decoding only its final second. */
export async function lastFrame(
  file: string,
  size: VideoSize,
  signal?: AbortSignal,
): Promise<Buffer> {
  let last: Buffer | null = null;
  for await (const frame of decodeFrames(file, size, { signal, lastSeconds: 1 })) last = frame;
  if (!last) throw new Error(`${file} has no frames`);
  return last;
}

/**
 * Joins clips encoded with the same settings into `out` without re-encoding them (the
 * concat demuxer copies the H.264 stream), so a long chain never loses quality. `out`
 * appears only once the join has finished (see `runFfmpeg`).
 */
export async function joinClips(
  files: readonly string[],
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const list = `${out}.list`;
  const quote = (f: string) => `file '${f.replace(/'/g, "'\\''")}'`;
  await fs.writeFile(list, files.map(quote).join('\n') + '\n');
  try {
    const args = ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy'];
    const run = await runFfmpeg([...args, '-movflags', '+faststart', '-f', 'mp4'], {
      stdin: false,
      stdout: false,
      signal,
      output: out,
    });
    await run.done;
  } finally {
    await fs.rm(list, { force: true });
  }
}

export interface VideoInfo extends VideoSize {
  codec: string;
  fps: number;
  durationS: number;
}

/** What a clip is, read from ffmpeg's description of its input (the package has no ffprobe). */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const text = await ffmpegInfo(['-i', file]);
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  const stream = /Stream #\S+: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(text);
  const fps = /, (\d+(?:\.\d+)?) fps/.exec(text);
  if (!duration || !stream || !fps) throw new Error(`not a readable video: ${file}`);
  const [h, m, s] = [duration[1], duration[2], duration[3]].map(Number) as [number, number, number];
  return {
    codec: stream[1] ?? '',
    width: Number(stream[2]),
    height: Number(stream[3]),
    fps: Number(fps[1]),
    durationS: h * 3600 + m * 60 + s,
  };
}
