/**
 * `npx tsx scripts/gallery.ts`: runs one example of every engine operation on a temporary
 * engine (ENGINE_TASK_MS=0) over HTTP with the dev key, writes a small WebP thumbnail of
 * each result to docs/gallery/<operation>.webp and rewrites the README's "## Gallery"
 * section (inserted before "## Performance" the first time).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadEngineConfig } from '@/engine/config';
import { startEngine } from '@/engine/server';

const OUT_DIR = 'docs/gallery';
const README = 'README.md';
const THUMB = 320;
const QUALITY = 70;

interface Job {
  job_id: string;
  status: string;
  error: { message: string };
  output: {
    image_url?: string;
    image_urls?: string[];
    video_urls?: string[];
    prompts?: string[];
  } | null;
}

interface Row {
  op: string;
  what: string;
  thumb: string;
  text?: string;
}

/** A subject on a plain backdrop, for remove-background and upload-paint. */
function subjectSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <rect width="800" height="600" fill="#dfe6ee"/>
  <ellipse cx="400" cy="520" rx="170" ry="26" fill="#c9d2dc"/>
  <path d="M400 110 C520 110 560 230 540 330 C520 450 460 520 400 520 C340 520 280 450 260 330 C240 230 280 110 400 110Z" fill="#d8572a"/>
  <path d="M400 110 C430 60 470 50 500 60 C470 80 440 100 400 110Z" fill="#3b7d3a"/>
  <circle cx="350" cy="250" r="40" fill="#f08a5d" opacity="0.7"/>
</svg>`;
}

async function serveInputs(): Promise<{ url: string; close: () => void }> {
  const subject = await sharp(Buffer.from(subjectSvg())).png().toBuffer();
  const server = createServer((req, res) => {
    if (req.url === '/subject.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(subject);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function fetchBuffer(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} from ${url}`);
  return Buffer.from(await res.arrayBuffer());
}

/** One frame of a clip as PNG, read with the ffmpeg the engine encodes with. */
async function posterFrame(clip: Buffer, atS: number, dir: string): Promise<Buffer> {
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).path;
  const file = join(dir, `clip-${Date.now()}.mp4`);
  writeFileSync(file, clip);
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1'];
    const proc = spawn(ffmpeg, [...args, '-f', 'image2pipe', '-vcodec', 'png', '-']);
    const chunks: Buffer[] = [];
    proc.stdout.on('data', (c: Buffer) => chunks.push(c));
    proc.on('error', reject);
    proc.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited ${code}`)),
    );
  });
}

async function thumbnail(image: Buffer, op: string): Promise<string> {
  const file = `${OUT_DIR}/${op}.webp`;
  await sharp(image)
    .resize(THUMB, THUMB, { fit: 'inside' })
    .webp({ quality: QUALITY, alphaQuality: 80 })
    .toFile(file);
  return file;
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
  const key = engine.apiKey ?? '';
  const rows: Row[] = [];

  async function run(op: string, body: unknown): Promise<Job> {
    const res = await fetch(`${engine.url}/api/v1/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(body),
    });
    const created = (await res.json()) as Job;
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${created.error.message}`);
    for (;;) {
      const job = (await (await fetch(`${engine.url}/api/v1/job/${created.job_id}`)).json()) as Job;
      if (job.status === 'completed') return job;
      if (job.status === 'failed') throw new Error(`${op} failed: ${job.error.message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const image = (job: Job): string => job.output?.image_url ?? '';
  const first = (job: Job): string => job.output?.image_urls?.[0] ?? image(job);

  async function imageRow(op: string, what: string, job: Job, url = image(job)) {
    rows.push({ op, what, thumb: await thumbnail(await fetchBuffer(url), op) });
    console.log(`${op}: ${url}`);
  }

  async function videoRow(op: string, what: string, job: Job, atS: number) {
    const clip = await fetchBuffer(job.output?.video_urls?.[0] ?? '');
    rows.push({ op, what, thumb: await thumbnail(await posterFrame(clip, atS, root), op) });
    console.log(`${op}: ${job.output?.video_urls?.[0] ?? ''}`);
  }

  try {
    mkdirSync(OUT_DIR, { recursive: true });
    const prompt =
      'a lighthouse on a rocky coast at sunset, orange and violet sky --ar 3:2 --seed 11';
    const grid = await run('diffusion', { text: prompt });
    await imageRow('diffusion', `a 2×2 grid from a prompt: \`${prompt}\``, grid);
    const parent = { jobId: grid.job_id, imageNo: 0 };
    const source = first(grid);

    await imageRow(
      'upscale',
      'image 0 at 2× (subtle: lanczos3 + light sharpening)',
      await run('upscale', parent),
    );
    await imageRow(
      'variation',
      'four near copies, warped and relit (strong)',
      await run('variation', { ...parent, type: 1 }),
    );
    await imageRow(
      'remix',
      'composition kept, palette moved to the new words: `a lighthouse in teal and green`',
      await run('remix', { ...parent, remixPrompt: 'a lighthouse in teal and green', mode: 0 }),
    );
    await imageRow(
      'reroll',
      'the same prompt with a new seed',
      await run('reroll', { jobId: grid.job_id }),
    );
    const points = [350, 250, 650, 250, 700, 600, 300, 600];
    await imageRow(
      'inpaint',
      'a polygon repainted from `a field of blue flowers`, the rest exact',
      await run('inpaint', {
        ...parent,
        remixPrompt: 'a field of blue flowers',
        mask: { areas: [{ width: 1000, height: 1000, points }] },
      }),
    );
    await imageRow(
      'outpaint',
      'zoom out 1.5×: the source in the centre, new scenery around it',
      await run('outpaint', { ...parent, scale: 1.5 }),
    );
    await imageRow(
      'pan',
      'the canvas grown 1.5× to the right, continuing the scene',
      await run('pan', { ...parent, direction: 1, scale: 1.5 }),
    );
    await imageRow(
      'edit',
      'the image shrunk onto a wider canvas; the rest painted from `misty mountains`',
      await run('edit', {
        ...parent,
        remixPrompt: 'misty mountains',
        canvas: { width: 1600, height: 900 },
        imgPos: { width: 768, height: 512, x: 416, y: 194 },
      }),
    );
    await imageRow(
      'retexture',
      'an image (by URL) re-rendered in new materials: `golden brass`',
      await run('retexture', { imgUrl: source, remixPrompt: 'golden brass' }),
    );
    const subject = `${inputs.url}/subject.png`;
    await imageRow(
      'upload-paint',
      'an uploaded image placed on a canvas; the canvas around it and the floor under the subject (masked in the image frame) painted from `a sunny beach`',
      await run('upload-paint', {
        imgUrl: subject,
        remixPrompt: 'a sunny beach',
        canvas: { width: 1200, height: 800 },
        imgPos: { width: 600, height: 450, x: 300, y: 175 },
        // The subject image is 800×600: its bottom strip, under the shadow's top edge.
        mask: {
          areas: [{ width: 800, height: 600, points: [0, 490, 800, 490, 800, 600, 0, 600] }],
        },
      }),
    );
    await imageRow(
      'remove-background',
      'a PNG with alpha: the plain backdrop cleared, the subject kept',
      await run('remove-background', { imgUrl: subject }),
    );
    const second = grid.output?.image_urls?.[2] ?? source;
    await imageRow(
      'blend',
      'two or more images (by URL) combined into one grid, in `--ar 1:1`',
      await run('blend', { imgUrls: [source, second, subject], aspect_ratio: '1:1' }),
    );
    const draft = await run('diffusion', {
      text: 'a cottage in a pine forest --draft --v 7 --seed 4',
    });
    await imageRow(
      'enhance',
      'image 2 of a `--draft --v 7` batch re-rendered at full size',
      await run('enhance', { jobId: draft.job_id, imageNo: 2 }),
    );
    const described = await run('describe', { imgUrl: source });
    rows.push({
      op: 'describe',
      what: '4 prompts read from an image (the source above)',
      thumb: await thumbnail(await fetchBuffer(source), 'describe'),
      text: described.output?.prompts?.[0] ?? '',
    });
    const long =
      'a very detailed cinematic photograph of an old lighthouse on a rocky coast at sunset, dramatic orange sky, crashing waves, ::2 golden hour --ar 3:2';
    const shortened = await run('shorten', { prompt: long });
    rows.push({
      op: 'shorten',
      what: `5 shorter prompts keeping the flags and weighted terms, from: \`${long}\``,
      thumb: '',
      text: shortened.output?.prompts?.[0] ?? '',
    });
    const video = await run('video-diffusion', { ...parent, prompt: 'waves roll in --motion low' });
    await videoRow(
      'video-diffusion',
      '4 H.264 clips of 5 s, one camera move each (poster at 2.5 s)',
      video,
      2.5,
    );
    await videoRow(
      'extend-video',
      'a clip continued by ~4 s from its last frame (frame at 7 s)',
      await run('extend-video', { jobId: video.job_id, videoNo: 0, prompt: 'keep drifting' }),
      7,
    );
    await videoRow(
      'video-upscale',
      'the same clip at double resolution (frame at 2.5 s)',
      await run('video-upscale', { jobId: video.job_id, videoNo: 0 }),
      2.5,
    );
    writeReadme(rows);
  } finally {
    await engine.stop();
    inputs.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function writeReadme(rows: Row[]): void {
  const lines = [
    '## Gallery',
    '',
    'One output of every engine operation, made by `npx tsx scripts/gallery.ts` (a temporary',
    `engine, the dev key, HTTP only; thumbnails ${THUMB} px WebP q${QUALITY} in \`docs/gallery/\`).`,
    '',
    '| operation | what it does | output |',
    '| --- | --- | --- |',
    ...rows.map((r) => {
      const out = r.thumb ? `![${r.op}](${r.thumb})` : '';
      const text = r.text ? `${out ? '<br>' : ''}“${cell(r.text)}”` : '';
      return `| ${r.op} | ${cell(r.what)} | ${out}${text} |`;
    }),
    '',
  ];
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf('## Gallery\n');
  const perf = readme.indexOf('## Performance\n');
  if (perf < 0) throw new Error('README has no "## Performance" section');
  const from = start >= 0 ? start : perf;
  writeFileSync(README, readme.slice(0, from) + lines.join('\n') + '\n' + readme.slice(perf));
  console.log(
    `wrote ${rows.length} rows to ${README}; format it with npx prettier --write ${README}`,
  );
}

await main();
