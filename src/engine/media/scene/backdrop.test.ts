import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeRgbPng } from './backdrop';

describe('the backdrop’s PNG writer', () => {
  it('writes a PNG that decodes to exactly the pixels it was given', async () => {
    const [w, h] = [37, 23];
    const rgb = new Uint8Array(w * h * 3).map((_, i) => (i * 7919) % 256);
    const { data, info } = await sharp(encodeRgbPng(w, h, rgb))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([w, h, 3]);
    expect(Buffer.compare(data, Buffer.from(rgb))).toBe(0);
  });
});
