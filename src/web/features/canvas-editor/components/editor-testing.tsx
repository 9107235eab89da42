import { expect, vi } from 'vitest';
import type { Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import { pngDataUrl } from '@/web/components/testing/images';
import { stubStudioApi, studioError, type Route } from '@/web/components/testing/studio-api-stub';
import type { EditorRequest } from '@/web/jobs/stores/editor-request-store';
import CanvasEditor from './canvas-editor';

/*
 * Test support for the canvas editor: opened on a real PNG, pointer events sent at image
 * pixels (through the view the stage publishes), and the mask layer's pixels read back.
 */

export const WIDTH = 400;
export const HEIGHT = 300;

/** What the stage publishes to turn image pixels into screen positions. */
interface View {
  zoom: number;
  panX: number;
  panY: number;
  image: { width: number; height: number };
  imgPos: { x: number; y: number; width: number; height: number };
}

interface OpenOptions {
  /** The job the editor opens on (its id), and Reuse mask's mask. */
  jobId?: string;
  reuseMask?: { sentWith: unknown };
  /** What the studio answers besides the defaults (no saved masks, no mask kept for a job). */
  routes?: Record<string, Route>;
}

export async function openEditor(
  mode: 'inpaint' | 'edit' = 'inpaint',
  imageUrl?: string,
  options: OpenOptions = {},
) {
  const url = imageUrl ?? (await pngDataUrl(WIDTH, HEIGHT));
  const request: EditorRequest = {
    mode,
    jobId: options.jobId ?? 'abcDEF123456',
    imageNo: 1,
    imageUrl: url,
    prompt: 'a lighthouse in a storm',
    ...(options.reuseMask ? { reuseMask: options.reuseMask } : {}),
  };
  const onSubmit = vi.fn<(body: CreateJobRequest) => Promise<unknown>>(() => Promise.resolve());
  const onClose = vi.fn<() => void>();
  // The mask is sent as polygons; an upload of a mask image would come here.
  const api = stubStudioApi({
    'GET /studio-api/masks': { masks: [] },
    [`GET /studio-api/jobs/${request.jobId}/mask`]: studioError(404, 'No mask.', {
      code: 'no_mask',
    }),
    ...options.routes,
  });
  const screen = await render(
    <>
      <button type="button">Outside</button>
      <CanvasEditor request={request} onSubmit={onSubmit} onClose={onClose} />
    </>,
  );
  const title = mode === 'inpaint' ? 'Vary region image 2' : 'Edit image 2';
  const dialog = screen.getByRole('dialog', { name: title });
  const stage = dialog.getByTestId('editor-stage');
  return { screen, dialog, stage, onSubmit, onClose, api };
}

/** Waits for the image and the first fit; answers the view. */
export async function fitted(stage: Locator) {
  await expect.element(stage).toBeVisible();
  await expect.poll(() => viewOf(stage.element()).zoom).not.toBe(1);
  return viewOf(stage.element());
}

export const viewOf = (stage: Element): View =>
  JSON.parse(stage.getAttribute('data-viewport') ?? '{}') as View;

/** An image pixel's place in the page. */
function pagePoint(stage: Element, v: View, x: number, y: number) {
  const box = stage.getBoundingClientRect();
  const sx = v.panX + (v.imgPos.x + (x * v.imgPos.width) / v.image.width) * v.zoom;
  const sy = v.panY + (v.imgPos.y + (y * v.imgPos.height) / v.image.height) * v.zoom;
  return { clientX: box.left + sx, clientY: box.top + sy };
}

/**
 * One mouse event at an image pixel, sent to the stage as the browser would; `view` places
 * the pixel on the page (the stage's view now, unless told).
 */
export function pointer(
  stage: Element,
  type: 'pointerdown' | 'pointermove' | 'pointerup',
  [x, y]: [number, number],
  init: PointerEventInit = {},
  view: View = viewOf(stage),
) {
  const target = stage.querySelector('.konvajs-content');
  if (!target) throw new Error('no stage content');
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      ...pagePoint(stage, view, x, y),
      ...init,
    }),
  );
}

/**
 * A drag of the mouse through image pixels, ten moves between each two. The pixels are
 * where the view at its start shows them: the hand moves over the page, so a drag that
 * pans the view still ends where it was aimed on the page. (react-konva renders after each
 * pointer event, so the view a pan changes is there for the next move.)
 */
export function drag(stage: Element, points: [number, number][], init: PointerEventInit = {}) {
  const [first, ...rest] = points;
  if (!first) return;
  const view = viewOf(stage);
  const send = (type: 'pointerdown' | 'pointermove' | 'pointerup', at: [number, number]) =>
    pointer(stage, type, at, init, view);
  send('pointerdown', first);
  let at = first;
  for (const to of rest) {
    for (let i = 1; i <= 10; i++) {
      const x = at[0] + ((to[0] - at[0]) * i) / 10;
      const y = at[1] + ((to[1] - at[1]) * i) / 10;
      send('pointermove', [x, y]);
    }
    at = to;
  }
  send('pointerup', at);
}

/** A brush stroke from one image pixel to another. */
export const stroke = (stage: Element, from: [number, number], to: [number, number]) =>
  drag(stage, [from, to]);

/** The mask layer's pixel over an image pixel: its alpha (0 where nothing is painted). */
export function maskAlpha(stage: Element, x: number, y: number): number {
  const layers = stage.querySelectorAll('canvas');
  // The image layer, then the mask's, then the outlines'.
  const mask = layers[1];
  const ctx = mask?.getContext('2d');
  if (!mask || !ctx) throw new Error('no mask layer');
  const box = mask.getBoundingClientRect();
  const { clientX, clientY } = pagePoint(stage, viewOf(stage), x, y);
  const ratio = mask.width / box.width;
  const [r = 0, g = 0, , a = 0] = ctx.getImageData(
    Math.round((clientX - box.left) * ratio),
    Math.round((clientY - box.top) * ratio),
    1,
    1,
  ).data;
  // The mask is drawn in rose: red well over green where it shows.
  return r > g ? a : 0;
}

export const coverage = (dialog: Element) =>
  dialog.querySelector('[data-testid="mask-summary"] p')?.textContent ?? '';
