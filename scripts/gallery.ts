/**
 * `npx tsx scripts/gallery.ts`: runs one example of every engine operation on a temporary
 * engine (ENGINE_TASK_MS=0) over HTTP with the dev key, writes a small WebP thumbnail of
 * each result to docs/gallery/<operation>.webp and rewrites the README's "## Gallery"
 * section (inserted before "## Performance" the first time).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngineConfig } from '@/engine/config';
import { startEngine } from '@/engine/server';
import {
  fetchBuffer,
  type Job,
  OUT_DIR,
  posterFrame,
  type Row,
  runTask,
  serveInputs,
  thumbnail,
  writeReadme,
} from './gallery-io';

/** What every example needs: tasks on the engine, and the rows of the table so far. */
interface Gallery {
  run(op: string, body: unknown): Promise<Job>;
  imageRow(op: string, what: string, job: Job, url?: string): Promise<void>;
  videoRow(op: string, what: string, job: Job, atS: number): Promise<void>;
  rows: Row[];
  /** The served image with a subject on a plain backdrop. */
  subject: string;
}

const image = (job: Job): string => job.output?.image_url ?? '';
const first = (job: Job): string => job.output?.image_urls?.[0] ?? image(job);

function gallery(engineUrl: string, key: string, tmp: string, subject: string): Gallery {
  const rows: Row[] = [];
  return {
    rows,
    subject,
    run: (op, body) => runTask(engineUrl, key, op, body),
    async imageRow(op, what, job, url = image(job)) {
      rows.push({ op, what, thumb: await thumbnail(await fetchBuffer(url), op) });
      console.log(`${op}: ${url}`);
    },
    async videoRow(op, what, job, atS) {
      const clip = await fetchBuffer(job.output?.video_urls?.[0] ?? '');
      rows.push({ op, what, thumb: await thumbnail(await posterFrame(clip, atS, tmp), op) });
      console.log(`${op}: ${job.output?.video_urls?.[0] ?? ''}`);
    },
  };
}

/** A grid from a prompt, and every follow-up that works on one of its images. */
async function gridExamples(g: Gallery): Promise<Job> {
  const prompt =
    'a lighthouse on a rocky coast at sunset, orange and violet sky --ar 3:2 --seed 11';
  const grid = await g.run('diffusion', { text: prompt });
  await g.imageRow('diffusion', `a 2×2 grid from a prompt: \`${prompt}\``, grid);
  const parent = { jobId: grid.job_id, imageNo: 0 };

  await g.imageRow(
    'upscale',
    'image 0 at 2× (subtle: lanczos3 + light sharpening)',
    await g.run('upscale', parent),
  );
  await g.imageRow(
    'variation',
    'four near copies, warped and relit (strong)',
    await g.run('variation', { ...parent, type: 1 }),
  );
  await g.imageRow(
    'remix',
    'composition kept, palette moved to the new words: `a lighthouse in teal and green`',
    await g.run('remix', { ...parent, remixPrompt: 'a lighthouse in teal and green', mode: 0 }),
  );
  await g.imageRow(
    'reroll',
    'the same prompt with a new seed',
    await g.run('reroll', { jobId: grid.job_id }),
  );
  await canvasExamples(g, parent);
  return grid;
}

/** The follow-ups that repaint part of an image or grow its canvas. */
async function canvasExamples(g: Gallery, parent: { jobId: string; imageNo: number }) {
  const points = [350, 250, 650, 250, 700, 600, 300, 600];
  await g.imageRow(
    'inpaint',
    'a polygon repainted from `a field of blue flowers`, the rest exact',
    await g.run('inpaint', {
      ...parent,
      remixPrompt: 'a field of blue flowers',
      mask: { areas: [{ width: 1000, height: 1000, points }] },
    }),
  );
  await g.imageRow(
    'outpaint',
    'zoom out 1.5×: the source in the centre, new scenery around it',
    await g.run('outpaint', { ...parent, scale: 1.5 }),
  );
  await g.imageRow(
    'pan',
    'the canvas grown 1.5× to the right, continuing the scene',
    await g.run('pan', { ...parent, direction: 1, scale: 1.5 }),
  );
  await g.imageRow(
    'edit',
    'the image shrunk onto a wider canvas; the rest painted from `misty mountains`',
    await g.run('edit', {
      ...parent,
      remixPrompt: 'misty mountains',
      canvas: { width: 1600, height: 900 },
      imgPos: { width: 768, height: 512, x: 416, y: 194 },
    }),
  );
}

/** The operations that take images by URL rather than a parent job. */
async function urlExamples(g: Gallery, grid: Job): Promise<void> {
  const source = first(grid);
  await g.imageRow(
    'retexture',
    'an image (by URL) re-rendered in new materials: `golden brass`',
    await g.run('retexture', { imgUrl: source, remixPrompt: 'golden brass' }),
  );
  await g.imageRow(
    'upload-paint',
    'an uploaded image placed on a canvas; the canvas around it and the floor under the subject (masked in the image frame) painted from `a sunny beach`',
    await g.run('upload-paint', {
      imgUrl: g.subject,
      remixPrompt: 'a sunny beach',
      canvas: { width: 1200, height: 800 },
      imgPos: { width: 600, height: 450, x: 300, y: 175 },
      // The subject image is 800×600: its bottom strip, under the shadow's top edge.
      mask: {
        areas: [{ width: 800, height: 600, points: [0, 490, 800, 490, 800, 600, 0, 600] }],
      },
    }),
  );
  await g.imageRow(
    'remove-background',
    'a PNG with alpha: the plain backdrop cleared, the subject kept',
    await g.run('remove-background', { imgUrl: g.subject }),
  );
  const second = grid.output?.image_urls?.[2] ?? source;
  await g.imageRow(
    'blend',
    'two or more images (by URL) combined into one grid, in `--ar 1:1`',
    await g.run('blend', { imgUrls: [source, second, g.subject], aspect_ratio: '1:1' }),
  );
  const draft = await g.run('diffusion', {
    text: 'a cottage in a pine forest --draft --v 7 --seed 4',
  });
  await g.imageRow(
    'enhance',
    'image 2 of a `--draft --v 7` batch re-rendered at full size',
    await g.run('enhance', { jobId: draft.job_id, imageNo: 2 }),
  );
}

/** Describe and shorten: prompts as output, shown as text. */
async function textExamples(g: Gallery, source: string): Promise<void> {
  const described = await g.run('describe', { imgUrl: source });
  g.rows.push({
    op: 'describe',
    what: '4 prompts read from an image (the source above)',
    thumb: await thumbnail(await fetchBuffer(source), 'describe'),
    text: described.output?.prompts?.[0] ?? '',
  });
  const long =
    'a very detailed cinematic photograph of an old lighthouse on a rocky coast at sunset, dramatic orange sky, crashing waves, ::2 golden hour --ar 3:2';
  const shortened = await g.run('shorten', { prompt: long });
  g.rows.push({
    op: 'shorten',
    what: `5 shorter prompts keeping the flags and weighted terms, from: \`${long}\``,
    thumb: '',
    text: shortened.output?.prompts?.[0] ?? '',
  });
}

/** A clip from an image, then its extension and its upscale. */
async function videoExamples(g: Gallery, grid: Job): Promise<void> {
  const parent = { jobId: grid.job_id, imageNo: 0 };
  const video = await g.run('video-diffusion', { ...parent, prompt: 'waves roll in --motion low' });
  await g.videoRow(
    'video-diffusion',
    '4 H.264 clips of 5 s, one camera move each (poster at 2.5 s)',
    video,
    2.5,
  );
  await g.videoRow(
    'extend-video',
    'a clip continued by ~4 s from its last frame (frame at 7 s)',
    await g.run('extend-video', { jobId: video.job_id, videoNo: 0, prompt: 'keep drifting' }),
    7,
  );
  await g.videoRow(
    'video-upscale',
    'the same clip at double resolution (frame at 2.5 s)',
    await g.run('video-upscale', { jobId: video.job_id, videoNo: 0 }),
    2.5,
  );
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'studio-gallery-'));
  const inputs = await serveInputs();
  const engine = await startEngine(
    loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_DATA_DIR: join(root, 'engine'),
      ENGINE_TASK_MS: '0',
      ENGINE_ALLOW_PRIVATE_FETCH: '1',
    }),
  );
  const g = gallery(engine.url, engine.apiKey ?? '', root, `${inputs.url}/subject.png`);
  try {
    mkdirSync(OUT_DIR, { recursive: true });
    const grid = await gridExamples(g);
    await urlExamples(g, grid);
    await textExamples(g, first(grid));
    await videoExamples(g, grid);
    writeReadme(g.rows);
  } finally {
    await engine.stop();
    inputs.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
