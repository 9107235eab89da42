import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEnvelopeSchema } from '@/contract/account';
import type { TaskResponse } from '@/contract/task';
import type { ImageServer } from '../fetch/test-server';
import { startImageServer } from '../fetch/test-server';
import type { Pixels } from '../media/metrics/metrics';
import { decode, hueBandFraction, lumaStdDev } from '../media/metrics/metrics';
import { crop } from '../media/metrics/compare';
import type { TestEngine } from '../test-support';
import { startTestEngine } from '../test-support';
import { completed, diffWhere, fetchBytes, imageOut, pixelsAt } from './follow-up-test-support';

const EDITOR = 'key-edit-whitelisted';
const PLAIN = 'key-edit-plain';
const TEAL = 178;

/** The source scaled the way the engine must place it, for comparison. */
async function scaled(png: Buffer, width: number, height: number): Promise<Pixels> {
  return decode(
    await sharp(png).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer(),
  );
}

/** A rectangle of `p` (x0..x1, y0..y1 exclusive) measured against `ref` at (ox, oy). */
const rectIn = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

describe('edit and upload-paint', () => {
  let t: TestEngine;
  let parent: TaskResponse;
  let server: ImageServer;
  let upload: Buffer;
  beforeAll(async () => {
    t = await startTestEngine({
      taskMs: 20,
      accounts: [
        { apiKey: EDITOR, name: 'editor', whitelisted: true },
        { apiKey: PLAIN, name: 'plain' },
      ],
    });
    parent = await completed(t, 'diffusion', { text: 'a red barn at dawn --ar 16:9' }, EDITOR);
    upload = await fetchBytes(imageOut(parent).image_urls[3] ?? '');
    server = await startImageServer({ '/photo.png': { body: upload } });
  });
  afterAll(async () => {
    await server.close();
    await t.stop();
  });

  it('refuses edit on an account that is not whitelisted, as the service does, charging nothing', async () => {
    const balance = async () => {
      const res = await t.get('/api/account/balance', { 'x-api-key': PLAIN });
      return balanceEnvelopeSchema.parse(await res.json()).data.available_credits;
    };
    const before = await balance();
    const res = await fetch(`${t.url}/api/v1/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': PLAIN },
      body: JSON.stringify({
        jobId: parent.job_id,
        imageNo: 0,
        canvas: { width: 1024, height: 1024 },
        imgPos: { x: 0, y: 0, width: 1024, height: 576 },
        remixPrompt: 'a teal sky',
      }),
    });
    expect(res.status).toBe(403);
    const fixture: unknown = JSON.parse(
      await fs.readFile('src/contract/fixtures/hosted-service/error-403-edit.json', 'utf8'),
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      job_id: '',
      status: 'failed',
      input: null,
      output: null,
      meta: null,
    });
    expect(body.error).toMatchObject((fixture as { error: object }).error);
    expect(await balance()).toBe(before);
  });

  it('edits: the image scaled to imgPos, exact outside the mask; mask and surroundings repainted', async () => {
    const done = await completed(
      t,
      'edit',
      {
        jobId: parent.job_id,
        imageNo: 3,
        canvas: { width: 1200, height: 900 },
        imgPos: { x: 100, y: 150, width: 600, height: 338 },
        remixPrompt: 'a teal nebula',
        // The left half of the image, in a 1200x676 frame over the placed image.
        mask: { areas: [{ width: 1200, height: 676, points: [0, 0, 600, 0, 600, 676, 0, 676] }] },
      },
      EDITOR,
    );
    expect(done.meta?.usage.frozen).toBe(120);
    expect(imageOut(done).available_actions).toMatchObject({ reroll: true });
    const ref = await scaled(upload, 600, 338);
    for (const url of imageOut(done).image_urls.slice(0, 2)) {
      const out = await pixelsAt(url);
      expect([out.width, out.height]).toEqual([1200, 900]);
      const placed = crop(out, 100, 150, 600, 338);
      expect(diffWhere(ref, placed, rectIn(302, 0, 600, 338)).max).toBeLessThanOrEqual(2);
      expect(diffWhere(ref, placed, rectIn(0, 0, 298, 338)).mean).toBeGreaterThanOrEqual(20);
      // Above the image: new paint, in the prompt's colour, not a flat fill.
      const above = crop(out, 0, 0, 1200, 140);
      expect(hueBandFraction(above, TEAL, 30)).toBeGreaterThan(0.3);
      expect(lumaStdDev(above)).toBeGreaterThan(2);
    }
  });

  it("upload-paint: a fetched image on the canvas, the mask in the image's own frame repainted", async () => {
    // Traced on the uploaded image at its own size, as the editor does: its lower right
    // quarter. Placed at imgPos, that is the lower right quarter of the placed image.
    const { width = 0, height = 0 } = await sharp(upload).metadata();
    const [w2, h2] = [Math.round(width / 2), Math.round(height / 2)];
    const done = await completed(
      t,
      'upload-paint',
      {
        imgUrl: `${server.url}/photo.png`,
        canvas: { width: 1000, height: 1000 },
        imgPos: { x: 200, y: 300, width: 400, height: 300 },
        remixPrompt: 'a teal lagoon',
        mask: {
          areas: [{ width, height, points: [w2, h2, width, h2, width, height, w2, height] }],
        },
      },
      PLAIN,
    );
    expect(done.meta?.usage.frozen).toBe(120);
    const out = imageOut(done);
    expect(out.available_actions).toMatchObject({ upscale: [0, 1, 2, 3], reroll: false });
    const ref = await scaled(upload, 400, 300);
    const img = await pixelsAt(out.image_urls[0] ?? '');
    expect([img.width, img.height]).toEqual([1000, 1000]);
    const placed = crop(img, 200, 300, 400, 300);
    // Outside the quarter (a 2 px seam left for the mask's antialiased edge): the source.
    expect(diffWhere(ref, placed, rectIn(0, 0, 198, 300)).max).toBeLessThanOrEqual(2);
    expect(diffWhere(ref, placed, rectIn(0, 0, 400, 148)).max).toBeLessThanOrEqual(2);
    expect(diffWhere(ref, placed, rectIn(202, 152, 400, 300)).mean).toBeGreaterThanOrEqual(20);
    // Its upper left corner too: a mask mapped onto the whole canvas would miss it.
    expect(diffWhere(ref, placed, rectIn(202, 152, 290, 200)).mean).toBeGreaterThanOrEqual(20);
  });
});
