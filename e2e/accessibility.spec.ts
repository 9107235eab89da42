import { expect, test, type Page } from '@playwright/test';
import { axeProblems, createGrid, docsScreenshot } from './screen-helpers';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 1000 },
] as const;
const THEMES = ['dark', 'light'] as const;
const PAGES = [
  { hash: '#/create', heading: 'Create' },
  { hash: '#/tools', heading: 'Tools' },
  { hash: '#/library', heading: 'Library' },
  { hash: '#/account', heading: 'Account' },
] as const;

/** The remix dialog of the first image of the newest grid, and the menu that opens it. */
async function remixDialogProblems(page: Page): Promise<string[]> {
  await page.goto('/#/create');
  const job = page.getByRole('article', { name: /diffusion:/i }).first();
  await job.getByRole('button', { name: 'More actions for image 1' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for image 1' })).toBeVisible();
  const problems = (await axeProblems(page, '[role="menu"]')).map((p) => `image menu: ${p}`);
  await page.getByRole('menuitem', { name: 'Remix…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remix image 1' });
  await expect(dialog).toBeVisible();
  problems.push(...(await axeProblems(page, 'dialog[open]')));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return problems;
}

/**
 * The open canvas editor (Vary region of image 1), checked once its image has loaded, and
 * again asking whether to discard a painted mask.
 */
async function editorProblems(page: Page): Promise<string[]> {
  await page.goto('/#/create');
  const job = page.getByRole('article', { name: /diffusion:/i }).first();
  await job.getByRole('button', { name: 'More actions for image 1' }).click();
  await page.getByRole('menuitem', { name: 'Vary region' }).click();
  const editor = page.getByRole('dialog', { name: 'Vary region image 1' });
  const stage = editor.getByTestId('editor-stage');
  await expect(stage.locator('canvas').first()).toBeVisible();
  const problems = await axeProblems(page, '[role="dialog"][aria-modal="true"]');
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage');
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await editor.getByRole('button', { name: 'Close' }).click();
  const confirm = editor.getByRole('alertdialog', { name: 'Discard the mask?' });
  await expect(confirm).toBeVisible();
  problems.push(
    ...(await axeProblems(page, '[role="dialog"][aria-modal="true"]')).map((p) => `discard: ${p}`),
  );
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  return problems;
}

/** The keyboard shortcuts, opened from the header. */
async function shortcutsProblems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  const problems = await axeProblems(page, 'dialog[open]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return problems;
}

/** The feed's image viewer, opened on image 1 of the newest grid. */
async function lightboxProblems(page: Page): Promise<string[]> {
  await page.goto('/#/create');
  const job = page.getByRole('article', { name: /diffusion:/i }).first();
  await job.getByRole('button', { name: /^Image 1 of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(dialog.getByRole('img')).toBeVisible();
  const problems = await axeProblems(page, 'dialog[open]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return problems;
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`no serious or critical axe violations, ${theme} theme at ${size.width} px`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(size);
      // The studio follows the browser's preference until a theme is chosen.
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/');
      // One grid for the pages and the dialog to show; later runs reuse the history.
      const grids = page.getByRole('article', { name: /diffusion:/i });
      await expect(grids.or(page.getByText('No jobs yet', { exact: false })).first()).toBeVisible();
      if ((await grids.count()) === 0) await createGrid(page, 'a quiet library at night --ar 3:2');

      const found: string[] = [];
      for (const { hash, heading } of PAGES) {
        await page.goto(`/${hash}`);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Wait for the page's data, so what is checked is what people read.
        if (heading === 'Account') await expect(page.getByText(/available/i).first()).toBeVisible();
        else if (heading !== 'Tools') await expect(page.getByRole('article').first()).toBeVisible();
        found.push(...(await axeProblems(page)).map((p) => `${heading}: ${p}`));
      }
      // One job's own page, where the account page's links lead.
      await page.goto('/#/create');
      const jobId = await grids.first().getAttribute('id');
      await page.goto(`/#/job?id=${jobId?.replace(/^job-/, '') ?? ''}`);
      await expect(page.getByRole('heading', { name: 'Job', level: 1 })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      found.push(...(await axeProblems(page)).map((p) => `Job: ${p}`));
      found.push(...(await shortcutsProblems(page)).map((p) => `shortcuts: ${p}`));
      found.push(...(await remixDialogProblems(page)).map((p) => `remix dialog: ${p}`));
      found.push(...(await lightboxProblems(page)).map((p) => `image viewer: ${p}`));
      found.push(...(await editorProblems(page)).map((p) => `canvas editor: ${p}`));
      if (theme === 'light' && size.width === 1440) {
        await page.goto('/#/create');
        await expect(page.getByRole('article').first()).toBeVisible();
        await docsScreenshot(page, 'light.png');
      }
      expect(found).toEqual([]);
    });
  }
}

test('the theme toggle cycles system, light and dark and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The live indicator says its state in words, not by colour alone.
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live updates on' })).toBeAttached();
  const toggle = page.getByRole('button', { name: /^Theme: as the system/ });
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: /^Theme: light/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Chosen dark stays dark when the system turns light, and after a reload.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: /^Theme: dark/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});
