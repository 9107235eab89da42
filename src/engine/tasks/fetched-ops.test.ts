import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskResponse } from '@/contract/task';
import type { ImageServer } from '../fetch/test-server';
import { startImageServer } from '../fetch/test-server';
import { edgeCorrelation } from '../media/metrics/compare';
import { decode, dominantHue, hueBandFraction } from '../media/metrics/metrics';
import type { TestEngine } from '../test-support';
import { isFinal, startTestEngine } from '../test-support';
import { completed, fetchBytes, imageOut, pixelsAt, textOut } from './follow-up-test-support';

const svg = (w: number, h: number, body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`),
  )
    .png()
    .toBuffer();

/** A scene with edges in one vivid hue: stripes, a disc and a block. */
const scene = (w: number, h: number, colour: string, dark: string) =>
  svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${colour}"/>` +
      `<rect x="0" y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="${dark}"/>` +
      `<circle cx="${w * 0.3}" cy="${h * 0.35}" r="${h * 0.15}" fill="#ffffff"/>` +
      `<rect x="${w * 0.6}" y="${h * 0.3}" width="${w * 0.2}" height="${h * 0.45}" fill="${dark}"/>`,
  );

/** Hue ranges a person would call these names (the test's own table). */
const NAMED: Record<string, [number, number]> = { blue: [200, 250], orange: [15, 42] };
const nameOf = (hue: number) =>
  Object.entries(NAMED).find(([, [lo, hi]]) => hue >= lo && hue < hi)?.[0] ?? '?';

describe('operations on fetched images', () => {
  let t: TestEngine;
  let server: ImageServer;
  const images: Record<string, Buffer> = {};
  beforeAll(async () => {
    images.blue = await scene(800, 600, '#2f6fe0', '#173a80');
    images.orange = await scene(640, 640, '#f08a24', '#8a4210');
    images.green = await scene(600, 800, '#2fb84a', '#145c22');
    images.wide = await scene(1280, 720, '#3a78e8', '#1d3f7a');
    images.subject = await svg(
      800,
      600,
      '<rect width="800" height="600" fill="#e8eef0"/><circle cx="400" cy="300" r="170" fill="#c03020"/>',
    );
    const body = (name: string) => ({ body: images[name] ?? Buffer.alloc(0) });
    server = await startImageServer({
      '/blue.png': body('blue'),
      '/orange.png': body('orange'),
      '/green.png': body('green'),
      '/wide.png': body('wide'),
      '/subject.png': body('subject'),
      '/tall.jpg': {
        body: await sharp(images.green ?? Buffer.alloc(0))
          .jpeg()
          .toBuffer(),
      },
      '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/' },
      '/page.html': { body: Buffer.from('<html></html>'), type: 'text/html' },
    });
    t = await startTestEngine({ taskMs: 20 });
  });
  afterAll(async () => {
    await t.stop();
    await server.close();
  });

  it('retextures: edges kept (correlation >= 0.5), hue moved to the prompt colour', async () => {
    const done = await completed(t, 'retexture', {
      imgUrl: `${server.url}/blue.png`,
      remixPrompt: 'golden brass',
    });
    expect(done.meta?.usage.frozen).toBe(120);
    const out = imageOut(done);
    expect(out.available_actions).toMatchObject({ remix: [0, 1, 2, 3], reroll: false });
    const size = { width: 256, height: 192 };
    const source = await decode(images.blue ?? Buffer.alloc(0), size);
    for (const url of out.image_urls.slice(0, 2)) {
      expect((await pixelsAt(url)).width).toBe(1024);
      const p = await pixelsAt(url, size);
      expect(edgeCorrelation(source, p)).toBeGreaterThanOrEqual(0.5);
      // Gold is 44 degrees; the source is blue (~218).
      expect(hueBandFraction(source, 44, 25)).toBeLessThan(0.05);
      expect(hueBandFraction(p, 44, 25)).toBeGreaterThan(0.6);
    }
  });

  it('blends 3 images into a 3:2 grid where every input palette shows', async () => {
    const done = await completed(t, 'blend', {
      imgUrls: ['blue', 'orange', 'green'].map((n) => `${server.url}/${n}.png`),
      aspect_ratio: '3:2',
    });
    expect(done.meta?.usage.frozen).toBe(80);
    expect(imageOut(done).available_actions).toMatchObject({ reroll: true });
    for (const url of imageOut(done).image_urls) {
      const p = await pixelsAt(url);
      expect([p.width, p.height]).toEqual([1024, 683]);
      // Each input's hue holds at least 8% of the coloured pixels of every result.
      for (const hue of [218, 29, 131]) expect(hueBandFraction(p, hue, 20)).toBeGreaterThan(0.08);
    }
    const again = await completed(t, 'reroll', { jobId: done.job_id });
    expect(imageOut(again).image_urls).toHaveLength(4);
    expect(imageOut(again).seed).not.toBe(imageOut(done).seed);
  });

  it('removes a plain background: alpha PNG, >= 20% transparent, the subject opaque', async () => {
    const done = await completed(t, 'remove-background', { imgUrl: `${server.url}/subject.png` });
    const out = imageOut(done);
    expect(out.image_urls).toEqual([out.image_url]);
    expect(out.available_actions).toEqual({});
    const { data, info } = await sharp(await fetchBytes(out.image_url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([800, 600, 4]);
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 255) < 16) clear++;
    expect(clear / (800 * 600)).toBeGreaterThan(0.2);
    expect(data[(300 * 800 + 400) * 4 + 3]).toBe(255);
    expect(data[(300 * 800 + 250) * 4 + 3]).toBe(255);
    expect(data[(20 * 800 + 20) * 4 + 3]).toBe(0);
  });

  it('describes an image: 4 prompts naming its dominant colours, --ar of its shape', async () => {
    const [wide, tall] = await Promise.all([
      completed(t, 'describe', { imgUrl: `${server.url}/wide.png` }),
      completed(t, 'describe', { imgUrl: `${server.url}/tall.jpg` }),
    ]);
    expect(wide.meta?.usage.frozen).toBe(20);
    const colour = nameOf(dominantHue(await decode(images.wide ?? Buffer.alloc(0))));
    expect(colour).toBe('blue');
    const out = textOut(wide);
    expect(out.prompts).toHaveLength(4);
    for (const p of out.prompts) {
      expect(p).toContain(colour);
      expect(p).toMatch(/ --ar 16:9$/);
    }
    expect(out.promptEn).toContain(out.prompts[1]);
    expect(out.finalPrompt).toBe(out.prompts[0]);
    expect(out.description).toMatch(/^Dominant colours: blue \d+%/);
    for (const p of textOut(tall).prompts) expect(p).toMatch(/green.* --ar 3:4$/);
  });

  it('fails the task, refunded and without retries, when a fetch is refused', async () => {
    const watch = async (body: object): Promise<TaskResponse> => {
      const created = await t.post('describe', body);
      expect(created.status).toBe(200);
      return t.waitFor(created.body.job_id, isFinal);
    };
    const ssrf = await watch({ imgUrl: `${server.url}/to-metadata` });
    expect(ssrf.status).toBe('failed');
    expect(ssrf.error).toMatchObject({ code: 400 });
    expect(ssrf.error.message).toBe(
      `imgUrl: could not use ${server.url}/to-metadata: refused to connect to 169.254.169.254: it is a link-local (cloud metadata) address`,
    );
    expect(ssrf.meta?.usage).toEqual({ type: 'credit', frozen: 20, consume: 0 });
    expect(ssrf.logs.filter((l) => l.includes('-> retry'))).toEqual([]);
    const html = await watch({ imgUrl: `${server.url}/page.html` });
    expect(html.error.message).toMatch(/: the response is not a PNG, JPEG, WebP or GIF image$/);
    const direct = await watch({ imgUrl: 'http://2852039166/' });
    expect(direct.error.message).toMatch(/refused to connect to 169\.254\.169\.254/);
    expect(t.audit()).toEqual([]);
  });
});
