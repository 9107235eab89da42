import { expect, test } from '@playwright/test';
import { drag, generate, LIGHTHOUSE, openEditor, viewOf } from './editor-helpers';

test('Edit: the prompt starts as the parent’s, presets extend the canvas, undo moves back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const job = await generate(page);
  const { dialog, stage } = await openEditor(page, job, 'Edit…', 'Edit image 1');
  await expect(dialog.getByRole('textbox', { name: 'Remix prompt' })).toHaveValue(LIGHTHOUSE);

  // The raw request sits behind Details.
  const placement = dialog.getByLabel('Canvas and image position');
  await expect(placement).toBeHidden();
  await dialog.getByText('Details', { exact: true }).click();
  await expect(placement).toBeVisible();

  // 9:16 on a wider image: the canvas grows around it, the image keeps its size, the view fits.
  const v0 = await viewOf(stage);
  await dialog.getByRole('button', { name: '9:16' }).click();
  await expect.poll(async () => (await viewOf(stage)).zoom).toBeLessThan(v0.zoom);
  const v1 = await viewOf(stage);
  expect(v1.imgPos.width).toBe(v0.imgPos.width);
  expect(v1.imgPos.height).toBe(v0.imgPos.height);
  const canvas = JSON.parse((await placement.textContent()) ?? '{}') as {
    canvas: { width: number; height: number };
  };
  expect(canvas.canvas.height).toBeGreaterThanOrEqual(v1.imgPos.height);
  expect(v1.imgPos.x).toBeGreaterThanOrEqual(0);
  expect(v1.imgPos.y).toBeGreaterThanOrEqual(0);
  expect(v1.imgPos.y + v1.imgPos.height).toBeLessThanOrEqual(canvas.canvas.height);
  expect(Math.abs(canvas.canvas.width * 16 - canvas.canvas.height * 9)).toBeLessThan(16);

  // Moving the image is one step of undo, and of redo.
  await page.keyboard.press('v');
  const cx = v1.panX + (v1.imgPos.x + v1.imgPos.width / 2) * v1.zoom;
  const cy = v1.panY + (v1.imgPos.y + v1.imgPos.height / 2) * v1.zoom;
  await drag(page, stage, [cx, cy], [cx + 60, cy + 30]);
  await expect.poll(async () => (await viewOf(stage)).imgPos.x).not.toBe(v1.imgPos.x);
  const moved = (await viewOf(stage)).imgPos;
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await viewOf(stage)).imgPos).toEqual(v1.imgPos);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await viewOf(stage)).imgPos).toEqual(moved);
});

test('on a phone the request panel folds away and opens on demand', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const job = await generate(page);
  const { dialog } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
  const prompt = dialog.getByRole('textbox', { name: 'Remix prompt' });
  await expect(prompt).toBeHidden();
  await dialog.getByRole('button', { name: 'Show the prompt' }).click();
  await expect(prompt).toBeVisible();
  await dialog.getByRole('button', { name: 'Hide the prompt' }).click();
  await expect(prompt).toBeHidden();
});
