/**
 * What scripts/gallery.ts reads and writes: the input images it serves, the engine's tasks
 * it waits for, the thumbnails of their outputs and the README's "## Gallery" section.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';

export const OUT_DIR = 'docs/gallery';
const README = 'README.md';
const THUMB = 320;
const QUALITY = 70;

export interface Job {
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

export interface Row {
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

export async function serveInputs(): Promise<{ url: string; close: () => void }> {
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

export async function fetchBuffer(url: string): Promise<Buffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} from ${url}`);
  return Buffer.from(await res.arrayBuffer());
}

/** One frame of a clip as PNG, read with the ffmpeg the engine encodes with. */
export async function posterFrame(clip: Buffer, atS: number, dir: string): Promise<Buffer> {
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

export async function thumbnail(image: Buffer, op: string): Promise<string> {
  const file = `${OUT_DIR}/${op}.webp`;
  await sharp(image)
    .resize(THUMB, THUMB, { fit: 'inside' })
    .webp({ quality: QUALITY, alphaQuality: 80 })
    .toFile(file);
  return file;
}

/** Creates a task on the engine with its key and waits for it to finish. */
export async function runTask(
  engineUrl: string,
  key: string,
  op: string,
  body: unknown,
): Promise<Job> {
  const res = await fetch(`${engineUrl}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  const created = (await res.json()) as Job;
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${created.error.message}`);
  for (;;) {
    const job = (await (await fetch(`${engineUrl}/api/v1/job/${created.job_id}`)).json()) as Job;
    if (job.status === 'completed') return job;
    if (job.status === 'failed') throw new Error(`${op} failed: ${job.error.message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function writeReadme(rows: Row[]): void {
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
