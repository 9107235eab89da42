import { expect, test, type Page } from '@playwright/test';
import { expectWithinWidth } from './screen-helpers';

/**
 * A permutation prompt on the embedded engine: the Create button counts its jobs, the
 * confirmation lists each prompt with its cost and the total, and one confirm sends the
 * batch as one request, which the studio queues and answers with a card per prompt.
 */
const PROMPTS = [
  'a red car --ar 1:1',
  'a red car --ar 16:9',
  'a blue car --ar 1:1',
  'a blue car --ar 16:9',
];

const card = (page: Page, prompt: string) =>
  page.getByRole('article', { name: `Job diffusion: ${prompt}`, exact: true });
/** How many cards each prompt has (a retried spec finds the first attempt's). */
const counts = (page: Page) => Promise.all(PROMPTS.map((p) => card(page, p).count()));

async function confirmation(page: Page) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a {red, blue} car --ar {1:1, 16:9}');
  const create = page.getByRole('button', { name: 'Create 4 jobs…' });
  await expect(create).toBeEnabled();
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create 4 jobs' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a permutation prompt makes four jobs after one confirmation of their cost', async ({
  page,
}) => {
  const dialog = await confirmation(page);
  const before = await counts(page);
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(4);
  for (const [i, prompt] of PROMPTS.entries()) {
    await expect(items.nth(i)).toContainText(prompt);
    await expect(items.nth(i)).toContainText('≈ 80 credits');
  }
  await expect(dialog).toContainText('Total ≈ 320 credits');
  await expect(dialog.getByRole('button', { name: 'Create 4 jobs' })).toBeFocused();

  // Escape asks nothing of the studio; Enter, the second time, sends all four.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await counts(page)).toEqual(before);
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/studio-api/jobs')) {
      posts.push(new URL(req.url()).pathname);
    }
  });
  await page.getByRole('button', { name: 'Create 4 jobs…' }).click();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // One request for the four: the studio's queue sends them on.
  expect(posts).toEqual(['/studio-api/jobs/batch']);

  // A card per prompt, newest first: the last prompt sent is on top.
  await expect.poll(() => counts(page)).toEqual(before.map((n) => n + 1));
  await expect(page.getByRole('article').first()).toHaveAccessibleName(
    `Job diffusion: ${PROMPTS[3]}`,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the confirmation fits the screen, its buttons within reach', async ({ page }) => {
    const dialog = await confirmation(page);
    await expectWithinWidth(page, dialog.getByRole('list', { name: 'Prompts' }));
    await expectWithinWidth(page, dialog.getByRole('button', { name: 'Create 4 jobs' }));
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await expect(dialog).toBeHidden();
  });
});
