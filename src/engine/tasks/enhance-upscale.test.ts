import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEnvelopeSchema } from '@/contract/account';
import type { ImageServer } from '../fetch/test-server';
import { startImageServer } from '../fetch/test-server';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, imageOut } from './follow-up-test-support';

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a78e8' } })
    .png()
    .toBuffer();

const balance = async (t: TestEngine) => {
  const res = await t.get('/api/account/balance', { 'x-api-key': t.key });
  return balanceEnvelopeSchema.parse(await res.json()).data;
};

/** The output file: its served type and its real size and format. */
async function served(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const data = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(data).metadata();
  return { type: res.headers.get('content-type'), data, ...meta };
}

/** How many columns of the middle row are (nearly) black letterbox bars. */
async function barColumns(data: Buffer): Promise<number> {
  const { data: raw, info } = await sharp(data)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Math.floor(info.height / 2);
  let bars = 0;
  for (let x = 0; x < info.width; x++) {
    const i = (y * info.width + x) * info.channels;
    if ((raw[i] ?? 0) + (raw[i + 1] ?? 0) + (raw[i + 2] ?? 0) < 30) bars++;
  }
  return bars;
}

describe('enhance-upscale, suspended by default', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 20 });
  });
  afterAll(() => t.stop());

  it('answers 503 in the TaskResponse error shape and charges nothing', async () => {
    const before = await balance(t);
    const res = await t.post('enhance-upscale', { image_url: 'https://a.example/x.png' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'failed', job_id: '', input: null, meta: null });
    expect(res.body.error.message).toMatch(/suspended/);
    expect(await balance(t)).toEqual(before);
    expect(t.audit()).toEqual([]);
  });
});

describe('enhance-upscale with ENGINE_ENHANCE_UPSCALE=on', () => {
  let t: TestEngine;
  let server: ImageServer;
  beforeAll(async () => {
    server = await startImageServer({
      '/photo.png': { body: await flat(800, 600) },
      '/strip.png': { body: await flat(800, 100) },
    });
    t = await startTestEngine({ taskMs: 20, enhanceUpscale: 'on' });
  });
  afterAll(async () => {
    await t.stop();
    await server.close();
  });

  const upscale = async (body: Record<string, unknown>) => {
    const done = await completed(t, 'enhance-upscale', body);
    const out = imageOut(done);
    expect(out.image_urls ?? [out.image_url]).toHaveLength(1);
    return { done, out, file: await served(out.image_url) };
  };

  it('scales a fetched image to the target long side, as PNG by default (120 points)', async () => {
    const { done, out, file } = await upscale({
      image_url: `${server.url}/photo.png`,
      target_resolution: 'FHD',
    });
    expect(done.meta?.usage.frozen).toBe(120);
    expect(out.image_url).toMatch(/_0\.png$/);
    expect(file).toMatchObject({ type: 'image/png', format: 'png', width: 1920, height: 1440 });
    expect(t.audit()).toEqual([]);
  });

  it('writes JPEG and TIFF on request; 4K and up cost 160', async () => {
    const jpeg = await upscale({
      image_url: `${server.url}/photo.png`,
      target_resolution: '4K',
      output_format: 'jpeg',
    });
    expect(jpeg.done.meta?.usage.frozen).toBe(160);
    expect(jpeg.out.image_url).toMatch(/_0\.jpg$/);
    expect(jpeg.file).toMatchObject({
      type: 'image/jpeg',
      format: 'jpeg',
      width: 3840,
      height: 2880,
    });
    const tiff = await upscale({
      image_url: `${server.url}/photo.png`,
      target_resolution: 'HD',
      output_format: 'tif',
    });
    expect(tiff.done.meta?.usage.frozen).toBe(120);
    expect(tiff.file).toMatchObject({
      type: 'image/tiff',
      format: 'tiff',
      width: 1280,
      height: 960,
    });
  });

  it('caps 12K at 8192 px, the largest side any output may have', async () => {
    const { file } = await upscale({
      image_url: `${server.url}/strip.png`,
      target_resolution: '12K',
    });
    expect(file).toMatchObject({ width: 8192, height: 1024 });
  });

  it('a named ratio letterboxes the whole image, or crops it to fill', async () => {
    const body = {
      image_url: `${server.url}/photo.png`,
      target_resolution: 'HD',
      aspect_ratio: '16:9',
    };
    const boxed = await upscale({ ...body, crop_mode: 'letterbox' });
    const cropped = await upscale({ ...body, crop_mode: 'crop' });
    expect(boxed.file).toMatchObject({ width: 1280, height: 720 });
    expect(cropped.file).toMatchObject({ width: 1280, height: 720 });
    // 4:3 at a height of 720 is 960 wide: 320 columns of bars, none when cropped.
    expect(Math.abs((await barColumns(boxed.file.data)) - 320)).toBeLessThanOrEqual(2);
    expect(await barColumns(cropped.file.data)).toBe(0);
  });

  it('takes an image of a completed task by jobId and imageNo', async () => {
    const parent = await completed(t, 'diffusion', { text: 'a lighthouse at dusk --ar 3:2' });
    const source = imageOut(parent);
    const picked = await served(source.image_urls?.[1] ?? '');
    const { done, file } = await upscale({
      jobId: parent.job_id,
      imageNo: 1,
      target_resolution: 'HD',
    });
    expect(done.meta?.usage.frozen).toBe(120);
    const long = Math.max(file.width, file.height);
    expect(long).toBe(1280);
    expect(file.width / file.height).toBeCloseTo(picked.width / picked.height, 1);

    const missing = await t.post('enhance-upscale', { jobId: randomUUID(), imageNo: 0 });
    expect(missing.status).toBe(404);
    // A single-image result has only image 0.
    const outOfRange = await t.post('enhance-upscale', { jobId: done.job_id, imageNo: 2 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error.message).toBe('imageNo: must be between 0 and 0');
  });
});
