import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES, type ImageType, sniffImageType } from './image-type';

const base = () => sharp({ create: { width: 6, height: 4, channels: 3, background: '#3a7' } });

const encoded: Record<ImageType, () => Promise<Buffer>> = {
  png: () => base().png().toBuffer(),
  jpeg: () => base().jpeg().toBuffer(),
  webp: () => base().webp().toBuffer(),
  gif: () => base().gif().toBuffer(),
};

describe('sniffImageType', () => {
  it('names PNG, JPEG, WebP and GIF images by their bytes, as sharp reads them', async () => {
    for (const [type, make] of Object.entries(encoded)) {
      const data = await make();
      expect(sniffImageType(data), type).toBe(type);
      // The first twelve bytes of a stream are enough.
      expect(sniffImageType(data.subarray(0, 12)), type).toBe(type);
      expect((await sharp(data).metadata()).format, type).toBe(type);
    }
  });

  it('names nothing else, even what sharp could decode', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const others = [
      svg,
      await base().tiff().toBuffer(),
      await base().avif().toBuffer(),
      Buffer.from('BM6\0\0\0\0\0\0\0\x36\0\0\0', 'latin1'), // BMP
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
    ];
    for (const data of others)
      expect(sniffImageType(data), data.toString('latin1', 0, 12)).toBe(null);
  });

  it('wants the whole signature, not its first letters', () => {
    const bytes = (s: string) => Buffer.from(s, 'latin1');
    expect(sniffImageType(bytes('\x89PNG'))).toBe(null);
    expect(sniffImageType(bytes('\x89PNG\r\n\x1a\n'))).toBe('png');
    expect(sniffImageType(bytes('GIF8'))).toBe(null);
    expect(sniffImageType(bytes('GIF88a'))).toBe(null);
    expect(sniffImageType(bytes('GIF87a'))).toBe('gif');
    expect(sniffImageType(bytes('RIFF\0\0\0\0WAVE'))).toBe(null);
    expect(sniffImageType(bytes('\xff\xd8'))).toBe(null);
  });

  it('gives each type its media type, extension and name', () => {
    expect(Object.values(IMAGE_TYPES).map((t) => `${t.mime} .${t.ext} ${t.name}`)).toEqual([
      'image/png .png PNG',
      'image/jpeg .jpg JPEG',
      'image/webp .webp WebP',
      'image/gif .gif GIF',
    ]);
  });
});
