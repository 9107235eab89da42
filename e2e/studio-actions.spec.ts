import { expect, test } from '@playwright/test';
import { cardImageOriginal } from './card-images';

/**
 * The grid's actions, the prompt editor's More options and the Tools page's checks. Only
 * diffusion and upscale are sent to the engine here; the other actions are checked up to
 * their dialog or request, so the spec does not depend on every engine operation.
 */
test('grid actions, menus and dialogs on a finished grid', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a red fox in the snow --ar 3:2');
  await page.getByRole('button', { name: 'Generate' }).click();
  const job = page.getByRole('article', { name: /diffusion: a red fox in the snow/i }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });

  await expect(job.getByRole('group', { name: 'Upscale' }).getByRole('button')).toHaveCount(4);
  await expect(job.getByRole('group', { name: 'Vary' }).getByRole('button')).toHaveCount(4);
  await expect(job.getByRole('button', { name: 'Reroll' })).toBeVisible();

  // The per-image menu: opened from the keyboard, closed with Esc, focus back on its button.
  const more = job.getByRole('button', { name: 'More actions for image 1' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions for image 1' });
  await expect(menu).toBeVisible();
  for (const name of ['Remix…', 'Animate…', 'Zoom out 1.5×', 'Zoom out 2×', 'Custom zoom…']) {
    await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  for (const name of ['Pan left', 'Pan up', 'Pan right', 'Pan down', 'Custom pan…']) {
    await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  }
  // The canvas editor's entries (e2e/canvas-editor.spec.ts opens them).
  await expect(menu.getByRole('menuitem', { name: 'Vary region…' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Edit…' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Remix…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Vary region…' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Remix: a dialog with the job's prompt; an empty prompt is refused next to the field.
  await more.click();
  await menu.getByRole('menuitem', { name: 'Remix…' }).click();
  const remix = page.getByRole('dialog', { name: 'Remix image 1' });
  await expect(remix.getByRole('textbox', { name: 'Remix prompt' })).toHaveValue(
    'a red fox in the snow --ar 3:2',
  );
  await expect(remix.getByRole('radio', { name: 'Strong' })).toBeChecked();
  await expect(remix).toContainText('≈ 120 credits');
  await remix.getByRole('textbox', { name: 'Remix prompt' }).fill('');
  await remix.getByRole('button', { name: 'Remix' }).click();
  await expect(remix).toContainText('must be a string of 1 to 8192 characters');
  await remix.getByRole('button', { name: 'Cancel' }).click();
  await expect(remix).toBeHidden();

  // Creative upscale: the mode toggle, then U1; the new job says what it is.
  await job
    .getByRole('radiogroup', { name: 'Upscale mode' })
    .getByRole('radio', {
      name: 'Creative',
    })
    .click();
  await job.getByRole('button', { name: 'U1', exact: true }).click();
  const upscale = page.getByRole('article', { name: /upscale/i }).first();
  await expect(upscale.getByRole('heading', { name: 'Upscale (creative)' })).toBeVisible();
  await expect(upscale.getByRole('button', { name: 'from diffusion · U1' })).toBeVisible();
  await expect(upscale.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  await expect(upscale.getByRole('button', { name: 'More actions for image 1' })).toBeVisible();
});

test('More options writes flags into the prompt and the cost follows', async ({ page }) => {
  await page.goto('/');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('a lighthouse');
  await expect(page.getByText('≈ 80 credits')).toBeVisible();

  await page.getByRole('button', { name: 'More options' }).click();
  const options = page.getByRole('group', { name: 'More options' });
  await options.getByRole('spinbutton', { name: 'Seed' }).fill('42');
  await options.getByRole('switch', { name: 'Tile' }).click();
  await expect(prompt).toHaveValue('a lighthouse --seed 42 --tile');

  const draft = options.getByRole('switch', { name: 'Draft' });
  await expect(draft).toBeDisabled();
  await expect(options).toContainText('Needs version 7');
  await page.getByRole('combobox', { name: 'Version' }).selectOption('7');
  await draft.click();
  await expect(prompt).toHaveValue('a lighthouse --seed 42 --tile --v 7 --draft');
  await expect(page.getByText('≈ 40 credits')).toBeVisible();
  await page.getByRole('switch', { name: 'Turbo' }).click();
  await expect(page.getByText('≈ 80 credits')).toBeVisible();
});

test('Tools checks each form with the contract before sending', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Tools', level: 1 })).toBeVisible();

  const describe = page.getByRole('region', { name: 'Describe' });
  await describe.getByRole('textbox', { name: 'Image URL' }).fill('not a url');
  await describe.getByRole('button', { name: 'Describe' }).click();
  await expect(describe).toContainText('must be an http:// or https:// URL');

  const blend = page.getByRole('region', { name: 'Blend' });
  await blend.getByRole('button', { name: 'Add image' }).click();
  await expect(blend.getByRole('textbox', { name: 'Image 3 URL' })).toBeVisible();
  await blend.getByRole('button', { name: 'Remove image 3' }).click();
  await blend.getByRole('textbox', { name: 'Image 1 URL' }).fill('https://example.com/a.png');
  await blend.getByRole('button', { name: 'Blend' }).click();
  await expect(blend).toContainText('must be an http:// or https:// URL');

  const video = page.getByRole('region', { name: 'Text to video' });
  await video.getByRole('radio', { name: '720p' }).click();
  await expect(video).toContainText('≈ 1,536 credits');
  await expect(page.getByRole('feed', { name: 'Latest jobs' })).toBeAttached();
});

test('follow-ups from the menus and rows reach the feed with their titles', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn --ar 3:2');
  await page.getByRole('button', { name: 'Generate' }).click();
  const job = page.getByRole('article', { name: /diffusion: a harbour at dawn/i }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first();

  await job
    .getByRole('radiogroup', { name: 'Vary strength' })
    .getByRole('radio', { name: 'Strong' })
    .click();
  await job.getByRole('button', { name: 'V2', exact: true }).click();
  await expect(heading('Vary (strong)')).toBeVisible();

  const menuOf = async (n: number) => {
    await job.getByRole('button', { name: `More actions for image ${n}` }).click();
    return page.getByRole('menu', { name: `Actions for image ${n}` });
  };
  await (await menuOf(3)).getByRole('menuitem', { name: 'Pan left' }).click();
  await expect(heading('Pan left')).toBeVisible();
  await (await menuOf(1)).getByRole('menuitem', { name: 'Zoom out 2×' }).click();
  await expect(heading('Zoom out 2×')).toBeVisible();
  await job.getByRole('button', { name: 'Reroll' }).click();
  await expect(heading('Reroll')).toBeVisible();

  await (await menuOf(4)).getByRole('menuitem', { name: 'Remix…' }).click();
  const remix = page.getByRole('dialog', { name: 'Remix image 4' });
  await remix.getByRole('textbox', { name: 'Remix prompt' }).fill('a harbour at dusk --ar 3:2');
  await remix.getByRole('radio', { name: 'Subtle' }).click();
  await remix.getByRole('button', { name: 'Remix' }).click();
  await expect(remix).toBeHidden();
  await expect(heading('Remix (subtle)')).toBeVisible();

  await (await menuOf(2)).getByRole('menuitem', { name: 'Animate…' }).click();
  const animate = page.getByRole('dialog', { name: 'Animate image 2' });
  await animate.getByRole('textbox', { name: 'Motion prompt' }).fill('boats rock gently');
  await animate.getByRole('button', { name: 'Animate' }).click();
  const video = page.getByRole('article', { name: /video_diffusion/ }).first();
  await expect(video.getByRole('heading', { name: 'Animate (480p)' })).toBeVisible();
  await expect(video.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 90_000,
  });
  await expect(video.locator('video')).toHaveCount(4);
  await video.getByRole('button', { name: 'Extend clip 2' }).click();
  await page
    .getByRole('dialog', { name: 'Extend clip 2' })
    .getByRole('button', { name: 'Extend' })
    .click();
  await expect(heading('Extend video')).toBeVisible();
  await expect(page.getByRole('button', { name: 'from video_diffusion · clip 2' })).toBeVisible();

  // The details come from the studio's history, not from this tab's memory of its creates.
  await page.reload();
  for (const name of [
    'Vary (strong)',
    'Pan left',
    'Zoom out 2×',
    'Remix (subtle)',
    'Animate (480p)',
  ]) {
    await expect(heading(name)).toBeVisible();
  }
});

test('a describe result puts its prompt into the prompt box', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('an orange lantern --ar 1:1');
  await page.getByRole('button', { name: 'Generate' }).click();
  const job = page.getByRole('article', { name: /diffusion: an orange lantern/i }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  // An image of the studio's own, uploaded: the upload gives the URL the service fetches.
  const src = await cardImageOriginal(job.getByRole('img', { name: /Image 1 of/ }));
  const png = await (await page.request.get(src)).body();

  await page.getByRole('link', { name: 'Tools' }).click();
  const describe = page.getByRole('region', { name: 'Describe' });
  await expect(describe.getByRole('button', { name: 'Upload image' })).toBeVisible();
  await describe
    .locator('input[type=file]')
    .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: png });
  await expect(describe.getByRole('textbox', { name: 'Image URL' })).toHaveValue(/^https?:\/\//);
  await describe.getByRole('button', { name: 'Describe' }).click();
  const result = page
    .getByRole('feed', { name: 'Latest jobs' })
    .getByRole('article', { name: /describe/ })
    .first();
  await expect(result.locator('[data-status]').first()).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 30_000 },
  );
  await expect(result.getByRole('listitem')).not.toHaveCount(0);
  await result.getByRole('button', { name: 'Use prompt 1' }).click();
  await expect(page.getByRole('heading', { name: 'Create', level: 1 })).toBeVisible();
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toBeFocused();
  await expect(prompt).not.toHaveValue('an orange lantern --ar 1:1');
  await expect(prompt).not.toHaveValue('');
});
