import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, renderIcon } from './app-icons';

const pixels = (png: Buffer) =>
  sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe('the app icons', () => {
  it('are the favicon as drawn now (npm run icons after it changes), maskable ones full-bleed', async () => {
    const svg = await readFile(path.resolve('public/favicon.svg'));
    for (const icon of APP_ICONS) {
      const committed = await pixels(await readFile(path.resolve('public/icons', icon.file)));
      const drawn = await pixels(await renderIcon(svg, icon.size, icon.maskable));
      expect(committed.info).toMatchObject({ width: icon.size, height: icon.size, channels: 4 });
      expect(committed.data.equals(drawn.data)).toBe(true);
      // The top-left corner: outside the favicon's rounded tile, filled only when maskable.
      expect(committed.data[3]).toBe(icon.maskable ? 255 : 0);
    }
  });
});
