import { renderBlend } from './image-ops/blend';
import { readImage } from './image-ops/describe';
import { renderDiffusion } from './scene/diffusion';
import { renderExtension } from './image-ops/extend-canvas';
import { renderInpaint } from './image-ops/inpaint';
import { renderPlaced } from './image-ops/place-on-canvas';
import { removeBackground } from './image-ops/remove-background';
import { renderRemix } from './image-ops/remix';
import { renderRetexture } from './image-ops/retexture';
import { renderUpscale } from './image-ops/upscale';
import { renderVariation } from './image-ops/variation';

/** The renders the media pool runs in its workers, by name (arguments must be cloneable). */
const MEDIA_TASKS = {
  renderBlend,
  readImage,
  renderDiffusion,
  renderExtension,
  renderInpaint,
  renderPlaced,
  removeBackground,
  renderRemix,
  renderRetexture,
  renderUpscale,
  renderVariation,
};

export type MediaTasks = typeof MEDIA_TASKS;
export type MediaTaskName = keyof MediaTasks;

/**
 * Structured cloning turns a Buffer into a plain Uint8Array; the renders expect Buffers
 * (`.equals`, `.copy`), so both ends of the pool turn them back, through arrays and objects.
 */
export function revive(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

/** Runs one named render with revived arguments (in a worker, or inline as a fallback). */
export async function runMediaTask(name: MediaTaskName, args: unknown[]): Promise<unknown> {
  const fn = MEDIA_TASKS[name] as (...a: unknown[]) => unknown;
  return revive(await fn(...args.map(revive)));
}
