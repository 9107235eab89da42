import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import { isImageOutput } from '@/contract/task';
import type { Pixels } from '../media/metrics/metrics';
import { decode, meanAbsDiff, ssim } from '../media/metrics/metrics';
import type { ClipScan } from '../media/video/test-support';
import { fetchClip, videoOutputOf } from '../media/video/test-support';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';

const OWNER = 'key-video-owner';
const OTHER = 'key-video-other';
const SLOW = 60_000;

/** Fetches a served clip, checks how it is served, and decodes it. */
async function clipAt(url: string, pick: number[] = []): Promise<ClipScan> {
  const served = await fetchClip(url, pick);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('video/mp4');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  return served.scan;
}

const picked = (scan: ClipScan, n: number): Pixels => {
  const frame = scan.picked.get(n);
  if (!frame) throw new Error(`frame ${n} was not decoded`);
  return frame;
};

/** A task row copied under a new id as a child of `parent`: a longer chain without rendering. */
function cloneAsChild(dataDir: string, source: string, parent: string): string {
  const db = new Database(path.join(dataDir, 'engine.sqlite'));
  db.pragma('busy_timeout = 5000');
  const jobId = randomUUID();
  const cols =
    'account_id, task_type, status, input, prompt, output, image_no, logs, error, attempts, created_at, started_at, ended_at';
  db.prepare(
    `INSERT INTO tasks (job_id, parent_job_id, ${cols}) SELECT ?, ?, ${cols} FROM tasks WHERE job_id = ?`,
  ).run(jobId, parent, source);
  db.close();
  return jobId;
}

function setEndedAt(dataDir: string, jobId: string, endedAt: string): void {
  const db = new Database(path.join(dataDir, 'engine.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare('UPDATE tasks SET ended_at = ? WHERE job_id = ?').run(endedAt, jobId);
  db.close();
}

/** Live ffmpeg processes whose parent is this test process (Linux /proc; none elsewhere). */
function ffmpegChildren(): string[] {
  if (!fs.existsSync('/proc')) return [];
  return fs.readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return false; // it ended while we looked
    }
    const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
    return m?.[1]?.includes('ffmpeg') && m[2] !== 'Z' && Number(m[3]) === process.pid;
  });
}

describe('video operations', () => {
  let t: TestEngine;
  let grid: TaskResponse;
  let source: Buffer;
  let video: TaskResponse;
  let firstClip: ClipScan;
  let extension: TaskResponse;
  beforeAll(async () => {
    t = await startTestEngine({
      taskMs: 20,
      accounts: [
        { apiKey: OWNER, name: 'owner' },
        { apiKey: OTHER, name: 'other' },
      ],
    });
    const created = await t.post('diffusion', { text: 'a lighthouse on a cliff --ar 16:9' });
    grid = await t.waitFor(created.body.job_id, isFinal);
    const urls = grid.output && isImageOutput(grid.output) ? grid.output.image_urls : [];
    source = Buffer.from(await (await fetch(urls[1] ?? '')).arrayBuffer());
  });
  afterAll(() => t.stop());

  it(
    'animates a grid image into 4 H.264 clips: 5 s, 24 fps, 854x480, starting on the image, each moving its own way',
    async () => {
      const created = await t.post('video-diffusion', {
        jobId: grid.job_id,
        imageNo: 1,
        prompt: 'the sea breathes --motion low',
      });
      expect(created.status).toBe(200);
      expect(created.body.task_type).toBe('video_diffusion');
      expect(created.body.input).toMatchObject({ imageNo: 1, videoType: 0 });
      expect(created.body.meta?.usage.frozen).toBe(480);
      video = await t.waitFor(created.body.job_id, isFinal, SLOW);
      expect(video.status).toBe('completed');
      const out = videoOutputOf(video);
      expect(out.video_urls).toEqual(
        [0, 1, 2, 3].map((n) => `${t.url}/files/${video.job_id}_${n}.mp4`),
      );
      expect(out.seed).toMatch(/^\d+$/);
      const scans = await Promise.all(out.video_urls.map((url) => clipAt(url)));
      const start = await decode(source, { width: 854, height: 480 });
      for (const scan of scans) {
        expect(scan.info).toMatchObject({ codec: 'h264', width: 854, height: 480, fps: 24 });
        expect(Math.abs(scan.info.durationS - 5)).toBeLessThanOrEqual(0.3);
        expect(scan.frames).toBe(120);
        expect(ssim(scan.first, start)).toBeGreaterThanOrEqual(0.9);
      }
      // Four different moves: the last frames differ pairwise by more than 3 levels on average.
      for (let a = 0; a < 4; a++) {
        for (let b = a + 1; b < 4; b++) {
          const [x, y] = [scans[a], scans[b]];
          if (x && y) expect(meanAbsDiff(x.last, y.last)).toBeGreaterThan(3);
        }
      }
      const [clip0] = scans;
      if (clip0) firstClip = clip0;
    },
    SLOW,
  );

  it('serves byte ranges of a clip (206), and 416 past its end', async () => {
    const url = videoOutputOf(video).video_urls[0] ?? '';
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const size = Number(part.headers.get('content-range')?.split('/')[1]);
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
  });

  it(
    'upscales one clip to 1708x960 with the same frames',
    async () => {
      const created = await t.post('video-upscale', { jobId: video.job_id, videoNo: 0 });
      expect(created.body.meta?.usage.frozen).toBe(480);
      const done = await t.waitFor(created.body.job_id, isFinal, SLOW);
      const out = videoOutputOf(done);
      expect(out.video_urls).toHaveLength(1);
      expect(out.seed).toBe(videoOutputOf(video).seed);
      const scan = await clipAt(out.video_urls[0] ?? '');
      expect(scan.info).toMatchObject({ codec: 'h264', width: 1708, height: 960, fps: 24 });
      expect(scan.frames).toBe(firstClip.frames);
      const again = await t.post('video-upscale', { jobId: done.job_id, videoNo: 0 });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toMatch(/^jobId: video-upscale needs a video-diffusion/);
    },
    SLOW,
  );

  it(
    "extends each clip by 4 s, continuing from the parent clip's last frame",
    async () => {
      const created = await t.post('extend-video', {
        jobId: video.job_id,
        videoNo: 0,
        prompt: 'keep drifting',
      });
      expect(created.status).toBe(200);
      expect(created.body.meta?.usage.frozen).toBe(480);
      const done = await t.waitFor(created.body.job_id, isFinal, SLOW);
      const out = videoOutputOf(done);
      expect(out.video_urls).toHaveLength(4);
      const scans = await Promise.all(out.video_urls.map((url) => clipAt(url, [120])));
      for (const scan of scans) {
        expect(Math.abs(scan.info.durationS - 9)).toBeLessThanOrEqual(0.3);
        expect(scan.frames).toBe(216);
        expect(ssim(picked(scan, 120), firstClip.last)).toBeGreaterThanOrEqual(0.9);
        expect(meanAbsDiff(scan.first, firstClip.first)).toBeLessThan(3);
      }
      extension = done;
    },
    SLOW,
  );

  it('refuses wrong parents, indexes and accounts for video follow-ups', async () => {
    const image = await t.post('extend-video', { jobId: grid.job_id, videoNo: 0, prompt: 'go' });
    expect(image.status).toBe(400);
    expect(image.body.error.message).toBe(
      'jobId: extend-video needs a video-diffusion or extend-video task; this is a diffusion task',
    );
    const range = await t.post('video-upscale', { jobId: video.job_id, videoNo: 4 });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toMatch(/^videoNo: must be an integer between 0 and 3/);
    const foreign = await t.post(
      'extend-video',
      { jobId: video.job_id, videoNo: 0, prompt: 'go' },
      OTHER,
    );
    expect(foreign.status).toBe(404);
    const ofVideo = await t.post('video-diffusion', { jobId: video.job_id, imageNo: 0 });
    expect(ofVideo.status).toBe(400);
    expect(ofVideo.body.error.message).toMatch(/^jobId: video-diffusion needs an image task/);
    const noUrl = await t.post('video-diffusion', {
      prompt: 'waves --end https://example.com/a.png',
    });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.message).toMatch(/^prompt: must begin with the start image/);
  });

  it('allows single-image parents at index 0 only', async () => {
    const up = await t.post('upscale', { jobId: grid.job_id, imageNo: 0 });
    const single = await t.waitFor(up.body.job_id, isFinal);
    const wrong = await t.post('video-diffusion', { jobId: single.job_id, imageNo: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('imageNo: must be between 0 and 0');
  });

  it("extends only within ENGINE_EXTEND_WINDOW_S of the parent's completion", async () => {
    const old = new Date(Date.now() - 259_201_000).toISOString();
    const stale = cloneAsChild(t.dataDir, video.job_id, grid.job_id);
    setEndedAt(t.dataDir, stale, old);
    const late = await t.post('extend-video', { jobId: stale, videoNo: 0, prompt: 'go' });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toMatch(/^jobId: a video can be extended only within 259200 s/);
  });

  it('allows at most 4 extensions per chain', async () => {
    const second = cloneAsChild(t.dataDir, extension.job_id, extension.job_id);
    const third = cloneAsChild(t.dataDir, extension.job_id, second);
    const fourth = cloneAsChild(t.dataDir, extension.job_id, third);
    const fifth = await t.post('extend-video', { jobId: fourth, videoNo: 1, prompt: 'more' });
    expect(fifth.status).toBe(400);
    expect(fifth.body.error.message).toBe(
      'jobId: this video was already extended 4 times; a chain allows at most 4 extensions',
    );
    const ok = await t.post('extend-video', { jobId: third, videoNo: 1, prompt: 'more' });
    expect(ok.status).toBe(200);
  });

  it('kills the encoders when the engine stops: no ffmpeg outlives it', async () => {
    // Upscaling the 9 s extension takes seconds of encoding; stop while it runs.
    const upscale = await t.post('video-upscale', { jobId: extension.job_id, videoNo: 0 });
    await t.waitFor(upscale.body.job_id, (job) => job.status === 'processing');
    await new Promise((r) => setTimeout(r, 300));
    expect(ffmpegChildren().length).toBeGreaterThan(0);
    await t.stop();
    expect(ffmpegChildren()).toEqual([]);
  });
});
