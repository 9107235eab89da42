import { expect, test, type Page } from '@playwright/test';
import { peopleStudio, send, signIn as signInAt } from './people-studio';

/**
 * Budgets on a studio with a password: the owner adds a member and, on the Account page,
 * gives them a daily budget of two diffusions' worth; the member creates two jobs, sees
 * the budget beside Create, and their third create is refused with the budget named in
 * the create form.
 */
const OWNER_PASSWORD = 'budget studio owner';
const MEMBER = { name: 'Mia', email: 'mia@example.com', password: 'a member password' };
/** A diffusion's price, and the member's daily budget: two of them. */
const DIFFUSION = 80;

const studioUrl = peopleStudio(OWNER_PASSWORD);
const signIn = (page: Page, email: string, password: string) =>
  signInAt(page, studioUrl(), email, password);

async function generate(page: Page, prompt: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
}

test('a member past the daily budget the owner set is refused, the budget named in the create form', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@localhost', OWNER_PASSWORD);
  const added = await send(page, 'POST', '/studio-api/people', { ...MEMBER, role: 'member' });
  expect(added.status).toBe(201);

  await page.goto(`${studioUrl()}/#/account`);
  const budgets = page.getByRole('region', { name: 'Budgets' });
  const row = budgets.getByRole('form', { name: MEMBER.name });
  await row
    .getByRole('textbox', { name: `${MEMBER.name}: credits per day` })
    .fill(String(2 * DIFFUSION));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('status')).toHaveText('Saved');
  await expect(budgets).toContainText(`${MEMBER.email}`);

  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, MEMBER.email, MEMBER.password);
  await generate(member, 'a lighthouse at dusk');
  await expect(member.getByText('a lighthouse at dusk').first()).toBeVisible();
  await generate(member, 'a heron in the reeds');
  await expect(member.getByText('a heron in the reeds').first()).toBeVisible();
  // Nothing is left: the note beside Create says so before the next try.
  await expect(member.getByRole('status').filter({ hasText: 'Budget today' })).toHaveText(
    'Budget today: 160 of 160 credits (none left)',
  );

  const posts: number[] = [];
  member.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/studio-api/jobs')) {
      posts.push(r.status());
    }
  });
  await generate(member, 'a third that does not fit');
  const form = member.getByRole('form', { name: 'New image' });
  await expect(form.getByRole('alert')).toContainText(
    'Your daily budget of 160 credits has 0 left; this create costs 80.',
  );
  expect(posts).toEqual([403]);

  // The Account page shows the member their budget and what they spent of it.
  await member.goto(`${studioUrl()}/#/account`);
  await expect(member.getByRole('region', { name: 'Your budget' })).toContainText(
    'Budget today: 160 of 160 credits',
  );
  await expect(member.getByRole('region', { name: 'Budgets' })).toHaveCount(0);
  await context.close();
});
