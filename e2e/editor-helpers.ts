import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { ImagePoint } from '@/web/features/canvas-editor/geometry/points';
import { screenPoint } from '@/web/features/canvas-editor/geometry/points';
import { screenToImage } from '@/web/features/canvas-editor/geometry/transforms';
import { expectCompleted } from './screen-helpers';

/** What the editor's stage publishes in `data-viewport`, to turn screen points into pixels. */
export interface View {
  zoom: number;
  panX: number;
  panY: number;
  image: { width: number; height: number };
  imgPos: { x: number; y: number; width: number; height: number };
}

export type XY = [number, number];

export const LIGHTHOUSE = 'a lighthouse on a rocky coast';

export const viewOf = async (stage: Locator): Promise<View> =>
  JSON.parse((await stage.getAttribute('data-viewport')) ?? '{}') as View;

/**
 * A new lighthouse grid, once it has completed. Found by the id the create answered with:
 * an earlier test's lighthouse would match by name until the new card is shown.
 */
export async function generate(page: Page): Promise<Locator> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.getByRole('textbox', { name: 'Prompt' }).fill(LIGHTHOUSE);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/studio-api/jobs') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate' }).click();
  const { job: made } = (await (await created).json()) as { job: { id: string } };
  const job = page.locator(`article[id="job-${made.id}"]`);
  await expectCompleted(job);
  return job;
}

/** Opens the editor from image 1's menu; answers once the first fit has happened. */
export async function openEditor(page: Page, job: Locator, entry: string, title: string) {
  await job.getByRole('button', { name: 'More actions for image 1' }).click();
  await page
    .getByRole('menu', { name: 'Actions for image 1' })
    .getByRole('menuitem', { name: entry })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  const stage = dialog.getByTestId('editor-stage');
  await expect(stage.locator('canvas').first()).toBeVisible();
  await expect.poll(async () => (await viewOf(stage)).zoom).not.toBe(1);
  return { dialog, stage };
}

/** Screen (stage-relative CSS px) to page coordinates for page.mouse. */
export async function pageXY(stage: Locator, x: number, y: number): Promise<XY> {
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage box');
  return [box.x + x, box.y + y];
}

export async function drag(page: Page, stage: Locator, from: XY, to: XY) {
  await page.mouse.move(...(await pageXY(stage, ...from)));
  await page.mouse.down();
  await page.mouse.move(...(await pageXY(stage, ...to)), { steps: 12 });
  await page.mouse.up();
}

/** A stage-relative screen point in the image's pixels, as the editor converts it. */
export const toImage = (v: View, s: XY): ImagePoint =>
  screenToImage(screenPoint(...s), { ...v, dpr: 1 }, v.imgPos, v.image);

/** A served image's RGB pixels. */
export async function decode(page: Page, url: string) {
  const body = await (await page.request.get(url)).body();
  const { data, info } = await sharp(body)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
