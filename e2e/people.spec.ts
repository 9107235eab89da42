import { expect, test, type Page } from '@playwright/test';
import { peopleStudio, send, signIn as signInAt } from './people-studio';

/**
 * People on a studio with a password: the owner (STUDIO_PASSWORD, made on the first
 * start) adds a viewer; the viewer signs in by email and sees no create controls, and the
 * studio refuses their create naming the roles that may.
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
