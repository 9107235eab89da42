import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/**
 * Uploads from the browser: an image pasted into the prompt box becomes an image prompt,
 * and an image dropped on a Tools field fills its URL. The image is drawn on a canvas in
 * the page, so the spec carries no binary fixture.
 */

type Gesture = 'paste' | 'drop';

/** Dispatches a synthetic paste or drop holding one PNG file on the element. */
async function sendImage(target: Locator, gesture: Gesture): Promise<void> {
  await target.evaluate(async (el, kind) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#c0392b';
    ctx.fillRect(0, 0, 64, 48);
    ctx.fillStyle = '#f1c40f';
    ctx.fillRect(16, 12, 32, 24);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('canvas gave no PNG');
    const data = new DataTransfer();
    data.items.add(new File([blob], 'square.png', { type: 'image/png' }));
    const init = { bubbles: true, cancelable: true };
    el.dispatchEvent(
      kind === 'paste'
        ? new ClipboardEvent('paste', { ...init, clipboardData: data })
        : new DragEvent('drop', { ...init, dataTransfer: data }),
    );
  }, gesture);
}

async function expectCompleted(page: Page, name: RegExp): Promise<Locator> {
  // Create's feed is "Jobs", the Tools page's "Latest jobs": the article's name is enough.
  const job = page.getByRole('article', { name }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  return job;
}

test('an image pasted into the prompt box becomes an image prompt', async ({ page }) => {
  await page.goto('/');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(page.getByRole('button', { name: 'Add image prompt' })).toBeEnabled();
  await prompt.fill('a red square on a yellow field --ar 3:2');
  await sendImage(prompt, 'paste');

  const chip = page.getByRole('listitem', { name: 'Image prompt 1' });
  await expect(chip).toBeVisible();
  await expect(chip.getByRole('combobox', { name: 'Role of image prompt 1' })).toHaveValue('image');
  await expect(prompt).toHaveValue(
    /^https?:\/\/\S+\/u\/\S+\.png a red square on a yellow field --ar 3:2$/,
  );

  // As a style reference the URL moves into --sref, and back again.
  await chip.getByRole('combobox', { name: 'Role of image prompt 1' }).selectOption('sref');
  await expect(prompt).toHaveValue(/^a red square on a yellow field --ar 3:2 --sref https?:\/\//);
  await chip.getByRole('combobox', { name: 'Role of image prompt 1' }).selectOption('image');
  await expect(prompt).toHaveValue(/^https?:\/\/\S+ a red square on a yellow field --ar 3:2$/);

  await page.getByRole('button', { name: 'Generate' }).click();
  await expectCompleted(page, /diffusion: https?:\/\/\S+ a red square on a yellow field/i);

  // Removing the chip removes the URL from the text and leaves the rest as it was.
  await page.getByRole('button', { name: 'Remove image prompt 1' }).click();
  await expect(page.getByRole('listitem', { name: 'Image prompt 1' })).toHaveCount(0);
  await expect(prompt).toHaveValue('a red square on a yellow field --ar 3:2');
});

test('an image dropped on the Describe field is uploaded and described', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Tools' }).click();
  const describe = page.getByRole('region', { name: 'Describe' });
  const upload = describe.getByRole('button', { name: 'Upload image' });
  await expect(upload).toBeVisible();
  // The drop lands on the button and bubbles to its drop area, as a real drop would.
  await sendImage(upload, 'drop');
  await expect(describe.getByRole('textbox', { name: 'Image URL' })).toHaveValue(
    /^https?:\/\/\S+\/u\/\S+\.png$/,
  );
  await describe.getByRole('button', { name: 'Describe' }).click();
  const job = await expectCompleted(page, /describe/i);
  await expect(job.getByRole('button', { name: 'Use prompt 1' })).toBeVisible();
  await expect(job.getByRole('listitem')).not.toHaveCount(0);
});
