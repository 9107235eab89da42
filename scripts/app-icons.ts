import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** The favicon's own tile colour (zinc-900), the maskable icon's full-bleed background. */
const TILE = '#18181b';

/** The icons the web manifest names, all drawn from public/favicon.svg. */
export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
] as const;

/**
 * A maskable icon may be cropped to a circle of 80% of its width (the "safe zone"), so
 * the logo is drawn at 80% of the square (its own tile the colour of the background), on a background that fills it edge to edge.
 */
const MASKABLE_SCALE = 0.8;

/** One icon as PNG bytes. */
export async function renderIcon(svg: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  const inner = maskable ? Math.round(size * MASKABLE_SCALE) : size;
  // The SVG is rasterised at the size it is drawn, so the edges stay sharp.
  const density = Math.ceil((72 * inner) / 32);
  const logo = await sharp(svg, { density }).resize(inner, inner).png().toBuffer();
  if (!maskable) return sharp(logo).png({ compressionLevel: 9 }).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: TILE } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Writes public/icons/*.png; run by hand when the favicon changes (the PNGs are committed). */
async function main(): Promise<void> {
  const svg = await readFile(path.resolve('public/favicon.svg'));
  const dir = path.resolve('public/icons');
  await mkdir(dir, { recursive: true });
  for (const icon of APP_ICONS) {
    await writeFile(path.join(dir, icon.file), await renderIcon(svg, icon.size, icon.maskable));
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
