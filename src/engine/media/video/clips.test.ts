import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, meanAbsDiff, ssim } from '../metrics/metrics';
import { renderExtension, renderMoveClip, renderUpscale } from './clips';
import type { CameraMove } from './motion';
import { clipSize } from './motion';
import { buildStage } from './render';
import { scanClip } from './test-support';

/** A picture with edges and colour everywhere, so SSIM and frame differences mean something. */
function testPicture(width: number, height: number, hue: number): Promise<Buffer> {
  const circles = Array.from({ length: 12 }, (_, i) => {
    const x = ((i * 97) % 11) * (width / 11);
    const y = ((i * 53) % 7) * (height / 7);
    return `<circle cx="${x}" cy="${y}" r="${20 + ((i * 13) % 40)}" fill="hsl(${(hue + i * 30) % 360},70%,55%)"/>`;
  }).join('');
  const stripes = Array.from(
    { length: 16 },
    (_, i) =>
      `<rect x="${(i * width) / 16}" y="${height * 0.7}" width="${width / 32}" height="${height * 0.3}" fill="#223"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}${stripes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const motion = (move: CameraMove, high = false, raw = false) => ({ move, high, raw, seed: 7 });

describe('clip sizes', () => {
  it('keeps the picture proportions with a 480 or 720 short side, both even', () => {
    expect(clipSize({ width: 1024, height: 576 }, 480)).toEqual({ width: 854, height: 480 });
    expect(clipSize({ width: 576, height: 1024 }, 720)).toEqual({ width: 720, height: 1280 });
    expect(clipSize({ width: 1024, height: 1024 }, 480)).toEqual({ width: 480, height: 480 });
    expect(clipSize({ width: 1000, height: 333 }, 480)).toEqual({ width: 1442, height: 480 });
  });
});

describe('camera moves', () => {
  let dir: string;
  let source: Buffer;
  const size = { width: 320, height: 180 };
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'video-clips-'));
    source = await testPicture(640, 360, 200);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const clip = async (name: string, m: ReturnType<typeof motion>, seconds = 2, end?: Buffer) => {
    const stage = await buildStage(source, size);
    const file = path.join(dir, `${name}.mp4`);
    await renderMoveClip(stage, { file, motion: m, seconds, end });
    return file;
  };

  it('moves further per frame with --motion high than low (mean frame difference >= 1.5x)', async () => {
    for (const move of ['zoom-in', 'pan-left'] as const) {
      const low = await scanClip(await clip(`${move}-low`, motion(move)));
      const high = await scanClip(await clip(`${move}-high`, motion(move, true)));
      expect(low.frames).toBe(48);
      expect(high.meanStep).toBeGreaterThan(low.meanStep * 1.5);
    }
  });

  it('eases in unless --raw: the first quarter moves less than a linear (raw) move', async () => {
    const eased = await scanClip(await clip('eased', motion('pan-right')));
    const raw = await scanClip(await clip('raw', motion('pan-right', false, true)));
    const quarter = (s: number[]) => s.slice(0, 12).reduce((a, b) => a + b, 0) / 12;
    expect(quarter(eased.steps)).toBeLessThan(quarter(raw.steps) * 0.7);
  });

  it('fades into an --end picture: last frame SSIM >= 0.9 to it', async () => {
    const endPicture = await testPicture(640, 360, 20);
    const scan = await scanClip(await clip('end', motion('zoom-out'), 2, endPicture));
    const target = await decode(endPicture, size);
    expect(ssim(scan.last, target)).toBeGreaterThanOrEqual(0.9);
    const start = await decode(source, size);
    expect(ssim(scan.first, start)).toBeGreaterThanOrEqual(0.9);
  });

  it('extends a clip from its last frame and upscales it to twice the size', async () => {
    const parent = await clip('parent', motion('zoom-in'), 1);
    const file = path.join(dir, 'extended.mp4');
    const ext = await renderExtension(parent, { file, motion: motion('pan-left'), seconds: 1 });
    expect(ext).toMatchObject({ ...size, durationS: 2 });
    const before = await scanClip(parent);
    const after = await scanClip(file, [24]);
    expect(after.frames).toBe(48);
    const joined = after.picked.get(24);
    if (!joined) throw new Error('frame 24 missing');
    // The continuation's first frame follows the parent's last (SSIM >= 0.9, a small step).
    expect(ssim(joined, before.last)).toBeGreaterThanOrEqual(0.9);
    expect(meanAbsDiff(after.first, before.first)).toBeLessThan(3);

    const big = path.join(dir, 'big.mp4');
    expect(await renderUpscale(file, big)).toMatchObject({ width: 640, height: 360 });
    const scan = await scanClip(big);
    expect(scan.frames).toBe(48);
    expect(scan.info).toMatchObject({ codec: 'h264', width: 640, height: 360, fps: 24 });
  });
});
