import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { MaskArea } from '@/contract/requests/common';
import { rasteriseAreas } from '@/web/features/canvas-editor/mask/areas';
import { countSet, iou } from '@/web/features/canvas-editor/mask/grid';
import { grow } from '@/web/features/canvas-editor/mask/select';
import { magicWand } from '@/web/features/canvas-editor/mask/wand';
import { freePort, waitForHealth } from './account-stack';
import { cardImageOriginal } from './card-images';
import { generate, openEditor, pageXY, viewOf } from './editor-helpers';
import { run, runStudio } from './outage-stack';
import { docsScreenshot, expectCompleted } from './screen-helpers';

/*
 * The magic wand against the real studio and engine: one click on a generated image's sky,
 * the mask grown by 4 px and sent; what the engine stored as the inpaint task's mask covers
 * the region the same wand finds on the decoded image. The engine runs as a server of its
 * own on a data directory this spec knows, so its store can be read.
 */

interface Stack {
  url: string;
  engineData: string;
  stop(): Promise<void>;
}

async function startStack(): Promise<Stack> {
  const root = mkdtempSync(join(tmpdir(), 'studio-e2e-masks-'));
  const apiKey = 'sk-e2e-masks';
  const accounts = join(root, 'accounts.json');
  writeFileSync(
    accounts,
    JSON.stringify([{ apiKey, name: 'Masks', credits: 100_000, concurrency: 4 }]),
  );
  const enginePort = await freePort();
  const engineUrl = `http://127.0.0.1:${enginePort}`;
  const engineData = join(root, 'engine');
  const engine = run(['src/engine/main.ts'], {
    ENGINE_PORT: String(enginePort),
    ENGINE_HOST: '127.0.0.1',
    ENGINE_DATA_DIR: engineData,
    ENGINE_ACCOUNTS: accounts,
    ENGINE_TASK_MS: '1500',
  });
  const studio = await runStudio({
    UPSTREAM_URL: engineUrl,
    UPSTREAM_API_KEY: apiKey,
    UPSTREAM_PROGRESS: 'on',
  });
  const stop = async () => {
    studio.child.kill('SIGTERM');
    engine.child.kill('SIGTERM');
    await Promise.all([studio.exited, engine.exited]);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitForHealth(engineUrl, 60_000);
    await waitForHealth(studio.url, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: studio.url, engineData, stop };
}

/** The masks of the inpaint tasks the engine has stored, newest last. */
function storedInpaintMasks(engineData: string): { areas?: MaskArea[]; url?: string }[] {
  const db = new Database(join(engineData, 'engine.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare("SELECT input FROM tasks WHERE task_type = 'inpaint' ORDER BY seq")
      .all() as { input: string }[];
    return rows.map((r) => (JSON.parse(r.input) as { mask: { areas?: MaskArea[] } }).mask);
  } finally {
    db.close();
  }
}

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack();
});
test.afterAll(async () => stack.stop());

test('one wand click selects the sky; grown by 4 px it is the mask the engine receives', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.goto(stack.url);
  const job = await generate(page);
  const parentUrl = new URL(
    await cardImageOriginal(job.getByRole('img', { name: /^Image 1 of/ })),
    stack.url,
  ).href;
  const { dialog, stage } = await openEditor(page, job, 'Vary region…', 'Vary region image 1');
  const summary = dialog.getByTestId('mask-summary');

  await page.keyboard.press('w');
  await expect(dialog.getByRole('radio', { name: /Magic wand/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // The middle of the image's top rows: sky, in every scene the engine paints.
  const v = await viewOf(stage);
  const seed = { x: Math.floor(v.image.width / 2), y: 8 };
  const sx = v.panX + (v.imgPos.x + ((seed.x + 0.5) * v.imgPos.width) / v.image.width) * v.zoom;
  const sy = v.panY + (v.imgPos.y + ((seed.y + 0.5) * v.imgPos.height) / v.image.height) * v.zoom;
  await page.mouse.click(...(await pageXY(stage, sx, sy)));
  await expect(summary).toContainText('% of the image.');
  await expect(stage).toHaveAttribute('data-mask-ops', '1');
  await docsScreenshot(page, 'wand.png');
  const selectedText = await summary.textContent();

  await dialog.getByRole('spinbutton', { name: /Pixels to grow/ }).fill('4');
  await dialog.getByRole('button', { name: 'Grow' }).click();
  await expect(stage).toHaveAttribute('data-mask-ops', '2');
  await expect(summary).not.toHaveText(selectedText ?? '');
  await expect(summary).toContainText('% of the image.');

  await dialog.getByRole('textbox', { name: 'Remix prompt' }).fill('a flock of birds');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/studio-api/jobs') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Vary region', exact: true }).click();
  await expect(dialog).toBeHidden();
  const { job: inpaint } = (await (await created).json()) as { job: { id: string } };

  // What the engine received, against the same wand run here on the decoded image.
  await expect.poll(() => storedInpaintMasks(stack.engineData).length).toBe(1);
  const [mask] = storedInpaintMasks(stack.engineData);
  expect(mask?.areas?.length).toBeGreaterThan(0);
  const body = await (await page.request.get(parentUrl)).body();
  const { data, info } = await sharp(body)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([v.image.width, v.image.height]);
  const pixels = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  const sky = magicWand(pixels, seed.x, seed.y, { tolerance: 32, contiguous: true });
  const expected = grow(sky, 4);
  const sent = rasteriseAreas(mask?.areas ?? [], info.width, info.height);
  const score = iou(sent, expected);
  const share = countSet(expected) / expected.data.length;
  test.info().annotations.push({
    type: 'sky mask',
    description: `IoU ${score.toFixed(4)} over ${(share * 100).toFixed(1)}% of the image`,
  });
  // A region of its own, not a speck nor the whole image.
  expect(share).toBeGreaterThan(0.01);
  expect(share).toBeLessThan(0.9);
  expect(score).toBeGreaterThanOrEqual(0.95);

  // Reuse mask on the inpaint's result opens the editor with the mask that was sent.
  const result = page.locator(`article[id="job-${inpaint.id}"]`);
  await expectCompleted(result);
  const reused = await openEditor(page, result, 'Reuse mask…', 'Vary region image 1');
  await expect(reused.stage).toHaveAttribute('data-mask-ops', '1');
  const reusedSummary = reused.dialog.getByTestId('mask-summary');
  await expect(reusedSummary).toContainText('% of the image.');
  const shown = Number.parseFloat(
    (await reusedSummary.textContent())?.match(/[\d.]+(?=%)/)?.[0] ?? '',
  );
  const sentShare = (countSet(sent) / sent.data.length) * 100;
  expect(Math.abs(shown - sentShare)).toBeLessThanOrEqual(0.01 * sentShare + 0.05);

  // The studio keeps the mask with the job: what the engine received.
  const kept = await page.request.get(`${stack.url}/studio-api/jobs/${inpaint.id}/mask`);
  expect(kept.status()).toBe(200);
  expect(((await kept.json()) as { mask: unknown }).mask).toEqual(mask);

  // From a fresh browser (nothing in its storage), Reuse mask opens with the same mask.
  // Its feed is given the job without the mask in its params, as for a mask over the
  // params' 8 KB bound: the editor has only the studio's copy to go by.
  const fresh = await browser.newContext();
  try {
    await fresh.route(/\/studio-api\/jobs\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { jobs?: { params?: Record<string, unknown> | null }[] };
      for (const j of body.jobs ?? []) delete j.params?.mask;
      await route.fulfill({ response: res, json: body });
    });
    const other = await fresh.newPage();
    const asked = other.waitForResponse((r) => r.url().endsWith(`/jobs/${inpaint.id}/mask`));
    await other.goto(stack.url);
    expect(await other.evaluate(() => window.localStorage.length)).toBe(0);
    const there = other.locator(`article[id="job-${inpaint.id}"]`);
    await expectCompleted(there);
    const again = await openEditor(other, there, 'Reuse mask…', 'Vary region image 1');
    expect((await asked).status()).toBe(200);
    await expect(again.stage).toHaveAttribute('data-mask-ops', '1');
    const againSummary = again.dialog.getByTestId('mask-summary');
    await expect(againSummary).toContainText('% of the image.');
    const shownThere = Number.parseFloat(
      (await againSummary.textContent())?.match(/[\d.]+(?=%)/)?.[0] ?? '',
    );
    expect(Math.abs(shownThere - sentShare)).toBeLessThanOrEqual(0.01 * sentShare + 0.05);
  } finally {
    await fresh.close();
  }
});
