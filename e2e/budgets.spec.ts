import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

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

let studio: { url: string; child: ChildProcess; exited: Promise<void> };
test.beforeAll(async () => {
  studio = await runStudio({ STUDIO_PASSWORD: OWNER_PASSWORD, ENGINE_TASK_MS: '500' });
  await waitForHealth(studio.url, 60_000);
});
test.afterAll(async () => {
  studio.child.kill('SIGTERM');
  await studio.exited;
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${studio.url}/`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
}

async function generate(page: Page, prompt: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Generate' }).click();
}

test('a member past the daily budget the owner set is refused, the budget named in the create form', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@localhost', OWNER_PASSWORD);
  const added = await page.evaluate(
    async (m) =>
      (
        await fetch('/studio-api/people', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...m, role: 'member' }),
        })
      ).status,
    MEMBER,
  );
  expect(added).toBe(201);

  await page.goto(`${studio.url}/#/account`);
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
  await member.goto(`${studio.url}/#/account`);
  await expect(member.getByRole('region', { name: 'Your budget' })).toContainText(
    'Budget today: 160 of 160 credits',
  );
  await expect(member.getByRole('region', { name: 'Budgets' })).toHaveCount(0);
  await context.close();
});
