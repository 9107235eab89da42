import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab until focus is on something `target` matches (inside it, or it), at most
 * `max` times; a keyboard user's way to get somewhere.
 */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate(
      (el) => el?.contains(document.activeElement) ?? false,
      handle,
    );
    if (there) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

/** Whether focus is inside `where`. */
const focusInside = (where: Locator) => where.evaluate((el) => el.contains(document.activeElement));

test('a job made, upscaled, varied, viewed and edited with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/#/create');
  await expect(page.getByRole('heading', { name: 'Create', level: 1 })).toBeVisible();

  // `/` goes to the prompt; Enter sends it.
  await page.keyboard.press('/');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toBeFocused();
  // Keys typed into a field are text, never shortcuts.
  await page.keyboard.type('a windmill by a canal, u v r ?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/studio-api/jobs') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const { job: made } = (await (await created).json()) as { job: { id: string } };
  const job = page.locator(`article[id="job-${made.id}"]`);
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });

  // `?` lists the shortcuts; Esc closes the sheet and focus goes back where it was.
  await tabTo(page, job);
  const onCard = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect.poll(() => focusInside(sheet)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))).toBe(onCard);

  // On the card: 2 picks image 2, U upscales it, V varies it.
  await page.keyboard.press('2');
  await expect(job.getByText('Keys act on image 2')).toBeVisible();
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { name: /^Upscale/ }).first()).toBeVisible();
  await page.keyboard.press('v');
  await expect(page.getByRole('heading', { name: /^Vary/ }).first()).toBeVisible();
  expect(await focusInside(job)).toBe(true);

  // The image viewer: Enter on image 1 opens it, Tab stays inside, 3 shows image 3, U
  // upscales the image shown and closes it, and focus goes back to the image.
  const tile = job.getByRole('button', { name: /^Image 1 of / });
  await tabTo(page, tile);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer.getByRole('img')).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(viewer), `focus left the viewer after ${i + 1} presses`).toBe(true);
  }
  await page.keyboard.press('3');
  await expect(viewer.getByText('3 / 4')).toBeVisible();
  const upscales = page.getByRole('article', { name: /^Job upscale/ });
  const before = await upscales.count();
  await page.keyboard.press('u');
  await expect(viewer).toBeHidden();
  await expect(upscales).toHaveCount(before + 1);
  await expect(tile).toBeFocused();
  // Esc closes it too, and gives focus back the same way.
  await page.keyboard.press('Enter');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(tile).toBeFocused();

  const trigger = job.getByRole('button', { name: 'More actions for image 1' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions for image 1' });
  await expect(menu).toBeVisible();
  const varyRegion = menu.getByRole('menuitem', { name: 'Vary region' });
  for (
    let i = 0;
    i < 20 && !(await varyRegion.evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // The editor takes focus, keeps Tab inside, and Esc gives focus back to the menu's button.
  const editor = page.getByRole('dialog', { name: 'Vary region image 1' });
  await expect(editor.getByTestId('editor-stage').locator('canvas').first()).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(editor), `focus left the editor after ${i + 1} presses`).toBe(true);
  }
  // Its tools by Tab and Enter as well as by their letters.
  const lasso = editor.getByRole('radio', { name: /^Lasso/ });
  await tabTo(page, lasso);
  await page.keyboard.press('Enter');
  await expect(lasso).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('b');
  await expect(editor.getByRole('radio', { name: /^Brush/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(trigger).toBeFocused();
});
