import { expect, test, type Browser, type Page } from '@playwright/test';
import { peopleStudio, send, signIn as signInAt } from './people-studio';
import { axeProblems } from './screen-helpers';

/**
 * People on a studio with a password: the owner (STUDIO_PASSWORD, made on the first
 * start) adds a viewer; the viewer signs in by email and sees no create controls, and the
 * studio refuses their create naming the roles that may. And on the People page the owner
 * invites a member and a viewer, who each join by their link in a browser of their own.
 */
const OWNER_PASSWORD = 'people studio owner';
const VIEWER = { name: 'Vee', email: 'vee@example.com', password: 'a viewer password' };

const studioUrl = peopleStudio(OWNER_PASSWORD);
const signIn = (page: Page, email: string, password: string) =>
  signInAt(page, studioUrl(), email, password);

test('a viewer the owner added sees no create controls, and a create of theirs is refused', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@localhost', OWNER_PASSWORD);
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Create' }).first()).toBeVisible();
  const added = await send(page, 'POST', '/studio-api/people', { ...VIEWER, role: 'viewer' });
  expect(added.status).toBe(201);

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await signIn(viewer, VIEWER.email, VIEWER.password);
  const nav = viewer.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Library' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tools' })).toHaveCount(0);
  await expect(viewer.getByRole('note')).toContainText('You are a viewer');
  await expect(viewer.getByRole('textbox', { name: /prompt/i })).toHaveCount(0);

  const refused = await send(viewer, 'POST', '/studio-api/jobs', {
    operation: 'diffusion',
    params: { text: 'a kite' },
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error?.message).toBe(
    'Only a member, an admin or an owner may do this; you are signed in as a viewer.',
  );
  await context.close();
});

/** On the People page: an invite of `role` for anyone, its link as the page shows it once. */
async function inviteLink(page: Page, role: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role);
  await form.getByRole('button', { name: 'Make invite link' }).click();
  const link = form.getByRole('textbox', { name: 'Invite link' });
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(form.getByRole('button', { name: 'Copy invite link' })).toBeVisible();
  const value = await link.inputValue();
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(link).toHaveCount(0);
  return value;
}

/** Opens an invite link in a browser of its own and joins; the new person's page. */
async function join(browser: Browser, link: string, name: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join the studio' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a password of mine');
  await page.getByLabel('Confirm password').fill('a password of mine');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  return { page, context };
}

test('the owner invites a member and a viewer on the People page; each joins by the link with that role', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@localhost', OWNER_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await nav.getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  const memberLink = await inviteLink(page, 'member');
  const viewerLink = await inviteLink(page, 'viewer');
  const invites = page.getByTestId('invites');
  await expect(invites.locator('[data-status="open"]')).toHaveCount(2);

  const member = await join(browser, memberLink, 'Mo', 'mo@example.com');
  const memberNav = member.page.getByRole('navigation', { name: 'Main' }).first();
  await expect(memberNav.getByRole('link', { name: 'Create' })).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'People' })).toHaveCount(0);
  await member.page.getByRole('textbox', { name: /prompt/i }).fill('a paper boat on a pond');
  await member.page.getByRole('button', { name: 'Generate' }).click();
  const job = member.page.getByRole('article', { name: /diffusion: a paper boat/i }).first();
  await expect(job.locator('[data-status]').first()).toHaveAttribute('data-status', 'completed', {
    timeout: 30_000,
  });
  // The link made its one person: opened again, it makes no one.
  await member.page.goto(memberLink);
  await expect(member.page.getByRole('alert')).toHaveText(
    'This invite link is not valid (expired, used or revoked). Ask an admin for a new one.',
  );
  await member.context.close();

  const viewer = await join(browser, viewerLink, 'Vi', 'vi@example.com');
  const viewerNav = viewer.page.getByRole('navigation', { name: 'Main' }).first();
  await expect(viewerNav.getByRole('link', { name: 'Library' })).toBeVisible();
  await expect(viewerNav.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(viewerNav.getByRole('link', { name: 'People' })).toHaveCount(0);
  await expect(viewer.page.getByRole('textbox', { name: /prompt/i })).toHaveCount(0);
  const refused = await send(viewer.page, 'POST', '/studio-api/jobs', {
    operation: 'diffusion',
    params: { text: 'a kite' },
  });
  expect(refused.status).toBe(403);
  await viewer.context.close();

  // The owner's page: both invites used, by the people they made, with their roles.
  await page.reload();
  await expect(invites.locator('[data-status="used"]')).toHaveCount(2);
  const people = page.getByTestId('people');
  await expect(people.locator('[data-person="mo@example.com"]')).toContainText('Mo');
  await expect(people.getByRole('combobox', { name: 'Role of Mo' })).toHaveValue('member');
  await expect(people.getByRole('combobox', { name: 'Role of Vi' })).toHaveValue('viewer');

  // A phone's width: People is in the bottom bar, and nothing on the page is wider than it.
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('navigation', { name: 'Main' }).last();
  await expect(bar.getByRole('link', { name: 'People' })).toBeVisible();
  await expect(people.getByRole('combobox', { name: 'Role of Mo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // No serious or critical axe violation, in both themes, on a phone and a desk.
  const found: string[] = [];
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(invites.locator('[data-status="used"]')).toHaveCount(2);
      found.push(...(await axeProblems(page)).map((p) => `${theme} at ${width} px: ${p}`));
    }
  }
  expect(found).toEqual([]);
});
