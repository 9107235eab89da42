import sharp from 'sharp';
import './vips';

/** An uncompressed 8-bit image, the currency between pipeline steps (avoids PNG round trips). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/**
 * Fixed PNG settings (deterministic bytes, no metadata). Unfiltered level 2 encodes ~2x faster than
 * adaptive filtering at similar size here, and the 4-megapixel grid encode is the critical path.
 */
const PNG_OPTIONS = { compressionLevel: 2, adaptiveFiltering: false } as const;

export function encodePng(img: RawImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png(PNG_OPTIONS)
    .toBuffer();
}

/** Row-major grid with ceil(sqrt(n)) columns and no gaps. */
export async function gridPng(images: readonly RawImage[]): Promise<Buffer> {
  const first = images[0];
  if (!first) throw new Error('grid needs at least one image');
  const cols = Math.ceil(Math.sqrt(images.length));
  const rows = Math.ceil(images.length / cols);
  const width = first.width * cols;
  const height = first.height * rows;
  const data = Buffer.alloc(width * height * 3);
  const row = first.width * 3;
  images.forEach((img, i) => {
    const x0 = (i % cols) * row;
    const y0 = Math.floor(i / cols) * first.height;
    for (let y = 0; y < img.height; y++)
      img.data.copy(data, (y0 + y) * width * 3 + x0, y * row, (y + 1) * row);
  });
  return encodePng({ data, width, height, channels: 3 });
}
