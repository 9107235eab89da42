import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, ssim } from '../media/metrics/metrics';
import { fetchClip, videoOutputOf } from '../media/video/test-support';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';

const SLOW = 60_000;

/** Serves a portrait PNG at /pic.png and a text file anywhere else, on loopback. */
async function pictureServer(png: Buffer) {
  const server = http.createServer((req, res) => {
    if (req.url === '/pic.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('not a picture');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const PORTRAIT_SVG =
  '<svg width="360" height="480"><circle cx="180" cy="200" r="90" fill="#e33"/><rect x="40" y="360" width="280" height="60" fill="#124"/></svg>';

describe('text to video', () => {
  let t: TestEngine;
  let pics: Awaited<ReturnType<typeof pictureServer>>;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestEngine({ taskMs: 20 });
    png = await sharp({
      create: { width: 360, height: 480, channels: 3, background: '#3a6' },
    })
      .composite([{ input: Buffer.from(PORTRAIT_SVG) }])
      .png()
      .toBuffer();
    pics = await pictureServer(png);
  });
  afterAll(async () => {
    pics.close();
    await t.stop();
  });

  it(
    "animates the prompt's first image URL at 720p, keeping its portrait shape",
    async () => {
      const created = await t.post('video-diffusion', {
        prompt: `${pics.base}/pic.png a red sun rises --motion high`,
        videoType: 1,
      });
      expect(created.status).toBe(200);
      expect(created.body.meta?.usage.frozen).toBe(1536);
      const done = await t.waitFor(created.body.job_id, isFinal, SLOW);
      const out = videoOutputOf(done);
      expect(out.video_urls).toHaveLength(4);
      const served = await fetchClip(out.video_urls[3] ?? '');
      expect(served.headers.get('content-type')).toBe('video/mp4');
      const scan = served.scan;
      expect(scan.info).toMatchObject({ codec: 'h264', width: 720, height: 960, fps: 24 });
      expect(Math.abs(scan.info.durationS - 5)).toBeLessThanOrEqual(0.3);
      expect(
        ssim(scan.first, await decode(png, { width: 720, height: 960 })),
      ).toBeGreaterThanOrEqual(0.9);
    },
    SLOW,
  );

  it('fails the task at once, refunded, when the URL is not an image', async () => {
    const created = await t.post('video-diffusion', { prompt: `${pics.base}/note.txt waves` });
    expect(created.status).toBe(200);
    const done = await t.waitFor(created.body.job_id, isFinal);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe(400);
    expect(done.error.message).toMatch(/^prompt: the image at .* could not be used: /);
    expect(done.meta?.usage.consume).toBe(0);
  });

  it('names the --end image when it is the one that cannot be used', async () => {
    const end = `${pics.base}/note.txt`;
    const created = await t.post('video-diffusion', {
      prompt: `${pics.base}/pic.png waves --end ${end}`,
    });
    expect(created.status).toBe(200);
    const done = await t.waitFor(created.body.job_id, isFinal);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe(400);
    expect(
      done.error.message.startsWith(`prompt --end: the image at ${end} could not be used: `),
    ).toBe(true);
    expect(done.meta?.usage.consume).toBe(0);
  });
});
