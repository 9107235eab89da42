import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

/**
 * A studio with a password for a spec's tests, started before them and stopped after
 * (the owner, made on the first start, signs in with `ownerPassword`): its URL once it
 * runs.
 */
export function peopleStudio(ownerPassword: string): () => string {
  let studio: { url: string; child: ChildProcess; exited: Promise<void> } | null = null;
  test.beforeAll(async () => {
    studio = await runStudio({ STUDIO_PASSWORD: ownerPassword, ENGINE_TASK_MS: '500' });
    await waitForHealth(studio.url, 60_000);
  });
  test.afterAll(async () => {
    studio?.child.kill('SIGTERM');
    await studio?.exited;
  });
  return () => {
    if (!studio) throw new Error('the studio is not running');
    return studio.url;
  };
}

/** Signs in on the sign-in page the studio sends a signed-out browser to. */
export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
}

/** A same-origin request from the page, as the app would send it: status and body. */
export const send = (page: Page, method: string, path: string, body: unknown) =>
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
