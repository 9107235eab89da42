import type { PackedMask } from '@/contract/masks';
import type { Grid } from './grid';
import { emptyGrid } from './grid';

/*
 * A mask as text small enough to keep: its size and the lengths of its alternating runs
 * (unset first), base 36, dot-separated (`PackedMask`, the contract's). A painted region
 * of a megapixel image is a few hundred runs, not a megabyte.
 */
export type { PackedMask };

export function packMask(g: Grid): PackedMask {
  const runs: string[] = [];
  let value = 0;
  let n = 0;
  for (const v of g.data) {
    const b = v ? 1 : 0;
    if (b === value) n++;
    else {
      runs.push(n.toString(36));
      value = b;
      n = 1;
    }
  }
  runs.push(n.toString(36));
  return { width: g.width, height: g.height, runs: runs.join('.') };
}

const side = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Whether stored data is a packed mask (the browser's storage may hold anything). */
export function isPackedMask(v: unknown): v is PackedMask {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return side(p.width) && side(p.height) && typeof p.runs === 'string';
}

/** The packed mask at its own size; null when its runs do not fill it exactly. */
function unpackOwn(p: PackedMask): Grid | null {
  const g = emptyGrid(p.width, p.height);
  let at = 0;
  let value = 0;
  for (const r of p.runs.split('.')) {
    const n = parseInt(r, 36);
    if (!Number.isInteger(n) || n < 0 || at + n > g.data.length) return null;
    if (value) g.data.fill(1, at, at + n);
    at += n;
    value ^= 1;
  }
  return at === g.data.length ? g : null;
}

/** Nearest-pixel scaling, for a mask made on an image of another size. */
function scaleGrid(g: Grid, width: number, height: number): Grid {
  if (g.width === width && g.height === height) return g;
  const out = emptyGrid(width, height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(g.height - 1, Math.floor(((y + 0.5) * g.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(g.width - 1, Math.floor(((x + 0.5) * g.width) / width));
      out.data[y * width + x] = g.data[sy * g.width + sx] ?? 0;
    }
  }
  return out;
}

/** The packed mask on an image of `width` × `height`, scaled if it was made at another size. */
export function unpackMask(p: PackedMask, width: number, height: number): Grid | null {
  const own = unpackOwn(p);
  return own ? scaleGrid(own, width, height) : null;
}
