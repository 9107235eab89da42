import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../operations';
import { maskSchema } from './common';
import { CANVAS_SIDE_MAX, MASK_SIDE_MAX, MASK_SIDE_MIN } from './limits';
import { startImageUrl } from './video-diffusion';
import { AREA, IMG, MINIMAL, UUID, accept, reject, urlOfLength } from './test-helpers';

/** Masks as a user sends them: inside an inpaint body, so messages carry the full path. */
const inpaint = OPERATIONS.inpaint.schema;
const withMask = (mask: unknown) => ({ ...MINIMAL.inpaint, mask });
const withArea = (area: Record<string, unknown>) => withMask({ areas: [{ ...AREA, ...area }] });
const triangle = (w: number, h: number) => [0, 0, w, 0, 0, h];

describe('mask areas', () => {
  it('width and height run from 500 to 4096', () => {
    expect([MASK_SIDE_MIN, MASK_SIDE_MAX]).toEqual([500, 4096]);
    for (const side of [500, 4096]) {
      accept(inpaint, withArea({ width: side, height: 1024, points: triangle(side, 1024) }));
      accept(inpaint, withArea({ width: 1024, height: side, points: triangle(1024, side) }));
    }
    for (const side of [499, 4097, 0, 1000.5]) {
      expect(reject(inpaint, withArea({ width: side, points: [0, 0, 1, 0, 0, 1] }))).toContain(
        'mask.areas[0].width: must be an integer between 500 and 4096',
      );
      expect(reject(inpaint, withArea({ height: side, points: [0, 0, 1, 0, 0, 1] }))).toContain(
        'mask.areas[0].height: must be an integer between 500 and 4096',
      );
    }
  });

  it('needs at least 3 points, as a flat even-length list', () => {
    for (const points of [[], [0, 0], [0, 0, 10, 10], [0, 0, 10, 10, 5]]) {
      expect(reject(inpaint, withArea({ points }))).toBe(
        'mask.areas[0].points: must be a flat list of at least 3 points [x1, y1, x2, y2, x3, y3, ...]',
      );
    }
    accept(inpaint, withArea({ points: [0, 0, 10, 0, 10, 10, 0, 10] }));
  });

  it('points are integers', () => {
    expect(reject(inpaint, withArea({ points: [0, 0, 10.5, 0, 0, 10] }))).toMatch(
      /^mask\.areas\[0\]\.points\[2\]: /,
    );
    expect(reject(inpaint, withArea({ points: '0,0,1,0,0,1' }))).toMatch(
      /^mask\.areas\[0\]\.points: must be a flat list of integer coordinates/,
    );
  });

  it('every point lies inside the area, edges included', () => {
    accept(inpaint, withArea({ width: 600, height: 500, points: [0, 0, 600, 0, 600, 500] }));
    const cases: [number[], number, string][] = [
      [[0, 0, 601, 0, 0, 500], 2, 'point 1 is (601, 0)'],
      [[0, 0, 600, 0, 0, 501], 4, 'point 2 is (0, 501)'],
      [[-1, 0, 600, 0, 0, 500], 0, 'point 0 is (-1, 0)'],
      [[0, -5, 600, 0, 0, 500], 0, 'point 0 is (0, -5)'],
    ];
    for (const [points, index, which] of cases) {
      const message = reject(inpaint, withArea({ width: 600, height: 500, points }));
      expect(message).toBe(
        `mask.areas[0].points[${index}]: must lie inside the area (0 to 600 by 0 to 500); ${which}`,
      );
    }
  });

  it('names the failing area by index', () => {
    const bad = { ...AREA, width: 499 };
    expect(reject(inpaint, withMask({ areas: [AREA, bad] }))).toMatch(/^mask\.areas\[1\]\.width: /);
  });

  it('an empty areas list is refused', () => {
    expect(reject(inpaint, withMask({ areas: [] }))).toBe(
      'mask.areas: must hold at least one area',
    );
  });
});

describe('mask url and the areas-or-url rule', () => {
  it('url: http(s), at most 1024 characters', () => {
    accept(inpaint, withMask({ url: urlOfLength(1024) }));
    expect(reject(inpaint, withMask({ url: urlOfLength(1025) }))).toBe(
      'mask.url: must be an http:// or https:// URL of at most 1024 characters',
    );
    expect(reject(inpaint, withMask({ url: 'file:///mask.png' }))).toMatch(/^mask\.url: /);
  });

  it('exactly one of areas and url', () => {
    const rule = 'mask: must have exactly one of `areas` (polygons) or `url` (a mask image)';
    expect(reject(inpaint, withMask({}))).toBe(rule);
    expect(reject(inpaint, withMask({ areas: [AREA], url: IMG }))).toBe(rule);
    expect(reject(maskSchema, { areas: [AREA], url: IMG })).toContain('exactly one of');
  });

  it('a mask that is not an object is refused, naming mask', () => {
    expect(reject(inpaint, withMask('https://cdn.example.com/m.png'))).toMatch(/^mask: must be/);
  });

  it('edit and upload-paint check their masks the same way', () => {
    accept(OPERATIONS.edit.schema, { ...MINIMAL.edit, mask: { url: IMG } });
    expect(
      reject(OPERATIONS.edit.schema, {
        ...MINIMAL.edit,
        mask: { areas: [{ ...AREA, width: 4097 }] },
      }),
    ).toMatch(/^mask\.areas\[0\]\.width: /);
    expect(
      reject(OPERATIONS['upload-paint'].schema, { ...MINIMAL['upload-paint'], mask: {} }),
    ).toMatch(/^mask: must have exactly one/);
  });
});

describe('canvas and imgPos', () => {
  const ops = ['edit', 'upload-paint'] as const;

  it.each(ops)('%s: canvas sides from 1 to 4096', (name) => {
    const schema = OPERATIONS[name].schema;
    expect(CANVAS_SIDE_MAX).toBe(4096);
    accept(schema, { ...MINIMAL[name], canvas: { width: 4096, height: 4096 } });
    accept(schema, { ...MINIMAL[name], canvas: { width: 1, height: 1 } });
    for (const side of [4097, 0, -1, 10.5]) {
      expect(reject(schema, { ...MINIMAL[name], canvas: { width: side, height: 100 } })).toBe(
        'canvas.width: must be an integer between 1 and 4096',
      );
      expect(reject(schema, { ...MINIMAL[name], canvas: { width: 100, height: side } })).toBe(
        'canvas.height: must be an integer between 1 and 4096',
      );
    }
  });

  it.each(ops)('%s: imgPos needs integer width, height, x, y', (name) => {
    const schema = OPERATIONS[name].schema;
    accept(schema, { ...MINIMAL[name], imgPos: { width: 10, height: 10, x: -5, y: 0 } });
    expect(reject(schema, { ...MINIMAL[name], imgPos: { width: 10, height: 10, x: 0 } })).toMatch(
      /^imgPos\.y: is required/,
    );
    expect(
      reject(schema, { ...MINIMAL[name], imgPos: { width: 0, height: 10, x: 0, y: 0 } }),
    ).toMatch(/^imgPos\.width: /);
  });
});

describe('video-diffusion', () => {
  const schema = OPERATIONS['video-diffusion'].schema;

  it('image to video: jobId alone, with optional imageNo and prompt', () => {
    expect(accept(schema, { jobId: UUID })).toEqual({ jobId: UUID, imageNo: 0, videoType: 0 });
    accept(schema, { jobId: UUID, imageNo: 3, prompt: 'slow pan, no url needed' });
  });

  it('text to video: the prompt must contain an http(s) image URL', () => {
    accept(schema, { prompt: 'https://cdn.example.com/a.png a cat walks --motion low' });
    accept(schema, { prompt: 'a cat walks, start at http://cdn.example.com/a.png' });
    for (const prompt of [
      'a cat walks',
      'ftp://cdn.example.com/a.png a cat',
      'cdn.example.com/a.png',
    ]) {
      expect(reject(schema, { prompt })).toBe(
        'prompt: must contain an http:// or https:// image URL when no jobId is given',
      );
    }
  });

  it('without jobId and prompt, the message names prompt', () => {
    expect(reject(schema, { imageNo: 0, videoType: 1 })).toMatch(/^prompt: is required/);
  });

  it('an invalid jobId is reported as such, not as a missing prompt', () => {
    expect(reject(schema, { jobId: 'nope' })).toMatch(/^jobId: /);
  });

  it('startImageUrl returns the first http(s) URL, or null', () => {
    expect(startImageUrl('https://cdn.example.com/a.png a cat --motion low')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(startImageUrl('a cat http://x.com/1.png then https://x.com/2.png')).toBe(
      'http://x.com/1.png',
    );
    expect(startImageUrl('a cat --end https://x.com/end.png')).toBe('https://x.com/end.png');
    expect(startImageUrl('a cat walking')).toBeNull();
    expect(startImageUrl('ftp://x.com/a.png')).toBeNull();
    expect(startImageUrl('')).toBeNull();
  });
});
