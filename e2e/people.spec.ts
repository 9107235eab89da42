import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

/**
 * People on a studio with a password: the owner (STUDIO_PASSWORD, made on the first
 * start) adds a viewer; the viewer signs in by email and sees no create controls, and the
 * studio refuses their create naming the roles that may.
 */
const OWNER_PASSWORD = 'people studio owner';
const VIEWER = { name: 'Vee', email: 'vee@example.com', password: 'a viewer password' };

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

/** A same-origin request from the page, as the app would send it: status and body. */
const send = (page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    },
    [method, path, body] as const,
  );

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
