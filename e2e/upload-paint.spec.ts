import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { MaskArea } from '@/contract/requests/common';
import type { Upload } from '@/contract/studio-api';
import { imagePoint, screenPoint } from '@/web/features/canvas-editor/geometry/points';
import { imageToScreen, screenToImage } from '@/web/features/canvas-editor/geometry/transforms';
import { decode, viewOf } from './editor-helpers';
import { rasteriseAreas } from '@/web/features/canvas-editor/mask/areas';
import { iou, rasterise } from '@/web/features/canvas-editor/mask/grid';
import { cardImageOriginal } from './card-images';

/**
 * Upload and paint end to end: an image uploaded on the Tools page opens in the canvas
 * editor, is placed on a canvas of typed size and moved, a rectangle painted on it is sent
 * in the image's own pixel frame, and the engine repaints exactly there.
 */
const W = 600;
const H = 400;
const CANVAS = { width: 1000, height: 800 };
const PROMPT = 'a calm teal sea';

/** Four flat quadrants (red, green, blue, yellow), so any misplacement shows. */
function quadrants(): Promise<Buffer> {
  const block = (r: number, g: number, b: number) => ({
    create: { width: W / 2, height: H / 2, channels: 3 as const, background: { r, g, b } },
  });
  const at = (r: number, g: number, b: number, left: number, top: number) =>
    sharp(block(r, g, b))
      .png()
      .toBuffer()
      .then((input) => ({ input, left, top }));
  return Promise.all([
    at(220, 40, 40, 0, 0),
    at(40, 200, 60, W / 2, 0),
    at(40, 60, 220, 0, H / 2),
    at(230, 210, 40, W / 2, H / 2),
  ]).then((layers) =>
    sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
      .composite(layers)
      .png()
      .toBuffer(),
  );
}

/** Drags between whole page pixels (unlike the shared drag); answers the stage-relative points the page saw. */
async function drag(page: Page, stage: Locator, from: [number, number], to: [number, number]) {
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage box');
  const a = [Math.round(box.x + from[0]), Math.round(box.y + from[1])] as const;
  const b = [Math.round(box.x + to[0]), Math.round(box.y + to[1])] as const;
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move(...b, { steps: 10 });
  await page.mouse.up();
  return [
    [a[0] - box.x, a[1] - box.y],
    [b[0] - box.x, b[1] - box.y],
  ] as const;
}

test('upload and paint: placed, masked in the image frame, repainted only there', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const png = await quadrants();
  await page.goto('/');
  await page.getByRole('link', { name: 'Tools' }).click();
  const tool = page.getByRole('region', { name: 'Upload and paint' });
  await expect(tool.getByRole('button', { name: 'Upload image to paint' })).toBeEnabled();
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/studio-api/uploads') && r.request().method() === 'POST',
  );
  // The picker's input is hidden behind its button; setInputFiles fills it as a pick would.
  await tool
    .locator('input[type="file"]')
    .setInputFiles({ name: 'quadrants.png', mimeType: 'image/png', buffer: png });
  const { upload } = (await (await uploaded).json()) as { upload: Upload };
  expect([upload.width, upload.height]).toEqual([W, H]);
  await expect(tool.getByRole('img', { name: 'The image to paint' })).toBeVisible();
  await expect(tool.getByText('≈ 120 credits')).toBeVisible();
  await tool.getByRole('button', { name: 'Open editor' }).click();

  const dialog = page.getByRole('dialog', { name: 'Upload and paint' });
  const stage = dialog.getByTestId('editor-stage');
  await expect(stage.locator('canvas').first()).toBeVisible();
  // The editor shows the upload at its own size: the mask frame is the upload's.
  expect((await viewOf(stage)).image).toMatchObject({ width: W, height: H });

  // Canvas size in typed pixels; each change re-centres the image.
  await dialog.getByRole('spinbutton', { name: 'Canvas width' }).fill(String(CANVAS.width));
  await dialog.getByRole('spinbutton', { name: 'Canvas height' }).fill(String(CANVAS.height));
  await page.getByRole('button', { name: 'Fit' }).click();
  const v = await viewOf(stage);
  expect(v.imgPos).toEqual({ x: 200, y: 200, width: W, height: H });

  // Move tool: drag from the image's centre; it moves by the drag over the zoom.
  await dialog.getByRole('radio', { name: /Move image/ }).click();
  const cx = v.panX + (v.imgPos.x + W / 2) * v.zoom;
  const cy = v.panY + (v.imgPos.y + H / 2) * v.zoom;
  const [m0, m1] = await drag(page, stage, [cx, cy], [cx + 90, cy + 60]);
  const imgPos = {
    x: Math.round(200 + (m1[0] - m0[0]) / v.zoom),
    y: Math.round(200 + (m1[1] - m0[1]) / v.zoom),
    width: W,
    height: H,
  };
  await expect.poll(async () => (await viewOf(stage)).imgPos).toEqual(imgPos);
  const shown = dialog.getByLabel('Canvas and image position');
  await expect(shown).toContainText(`"x": ${imgPos.x}`);
  expect(JSON.parse((await shown.textContent()) ?? '')).toEqual({ canvas: CANVAS, imgPos });

  // With a prompt but no mask, submit is blocked, and the panel says why.
  await dialog.getByRole('textbox', { name: 'Remix prompt' }).fill(PROMPT);
  await expect(dialog.getByText('Paint the region to repaint.')).toBeVisible();
  const paint = dialog.getByRole('button', { name: 'Paint', exact: true });
  await expect(paint).toBeDisabled();
  await expect(dialog.getByText('≈ 120 credits')).toBeVisible();

  // A rectangle over image pixels ~(200..450, 100..300), across all four quadrants.
  // Picked by its button: the R key would go to the prompt, which has the focus.
  await dialog.getByRole('radio', { name: /Rectangle/ }).click();
  const view = { ...(await viewOf(stage)), dpr: 1 };
  const screenOf = (ix: number, iy: number): [number, number] => {
    const p = imageToScreen(imagePoint(ix, iy), view, imgPos, view.image);
    return [p.x, p.y];
  };
  const [r0, r1] = await drag(page, stage, screenOf(200, 100), screenOf(450, 300));
  const toImage = (s: readonly [number, number]) =>
    screenToImage(screenPoint(s[0], s[1]), view, imgPos, view.image);
  const corners = [toImage(r0), toImage(r1)];
  const expected = rasterise([{ type: 'shape', kind: 'rect', points: corners }], W, H);
  await expect(dialog.getByTestId('mask-summary')).toContainText('polygon');

  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/studio-api/jobs') && r.method() === 'POST',
  );
  await expect(paint).toBeEnabled();
  await paint.click();
  const body = (await sent).postDataJSON() as {
    operation: string;
    parentId?: string;
    params: { imgUrl: string; canvas: unknown; imgPos: unknown; remixPrompt: string } & {
      mask: { areas: MaskArea[] };
    };
  };
  expect(body.operation).toBe('upload-paint');
  expect(body.parentId).toBeUndefined();
  expect(body.params).toMatchObject({
    imgUrl: upload.url,
    canvas: CANVAS,
    imgPos,
    remixPrompt: PROMPT,
  });
  const score = iou(rasteriseAreas(body.params.mask.areas, W, H), expected);
  test.info().annotations.push({ type: 'mask IoU', description: score.toFixed(4) });
  expect(score).toBeGreaterThanOrEqual(0.99);
  await expect(dialog).toBeHidden();

  // The result: the canvas, the upload exact at imgPos outside the mask, repainted inside.
  const job = page.getByRole('article', { name: /upload.paint: a calm teal sea/i }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  const src = await cardImageOriginal(job.getByRole('img', { name: /^Image 1 of/ }));
  const out = await decode(page, src);
  expect([out.width, out.height]).toEqual([CANVAS.width, CANVAS.height]);
  const ref = await decode(page, upload.previewUrl);
  const [x0, x1] = [Math.min(corners[0]!.x, corners[1]!.x), Math.max(corners[0]!.x, corners[1]!.x)];
  const [y0, y1] = [Math.min(corners[0]!.y, corners[1]!.y), Math.max(corners[0]!.y, corners[1]!.y)];
  // A few pixels either side of the mask's edge are left out: the engine feathers it.
  const EDGE = 4;
  const sums = { inside: 0, insideN: 0, outside: 0, outsideN: 0 };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = ((imgPos.y + y) * out.width + imgPos.x + x) * 3;
      const r = (y * W + x) * 3;
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs(out.data[o + c]! - ref.data[r + c]!), 0);
      const px = x + 0.5;
      const py = y + 0.5;
      if (px > x0 + EDGE && px < x1 - EDGE && py > y0 + EDGE && py < y1 - EDGE) {
        sums.inside += d / 3;
        sums.insideN++;
      } else if (px < x0 - EDGE || px > x1 + EDGE || py < y0 - EDGE || py > y1 + EDGE) {
        sums.outside += d / 3;
        sums.outsideN++;
      }
    }
  }
  const inside = sums.inside / sums.insideN;
  const outside = sums.outside / sums.outsideN;
  test.info().annotations.push({
    type: 'mean diff',
    description: `inside ${inside.toFixed(2)}, outside ${outside.toFixed(3)}`,
  });
  expect(outside).toBeLessThanOrEqual(3);
  expect(inside).toBeGreaterThanOrEqual(15);
});
