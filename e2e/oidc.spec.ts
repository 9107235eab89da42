import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { TEST_CLIENT, TestProvider } from '@/proxy/test/oidc-provider';
import { freePort, waitForHealth } from './account-stack';
import { runStudio } from './outage-stack';

/**
 * Sign-in at the team's OpenID Connect provider: a studio with a password and OIDC_
 * settings pointing at a real provider (oidc-provider, its own sign-in and consent pages)
 * on another loopback port. The person clicks "Sign in with Team ID", signs in at the
 * provider, and lands in the studio as the person the provider's claims make.
 */
const CALLBACK = '/login/oidc/callback';

let provider: TestProvider;
let studio: { url: string; child: ChildProcess; exited: Promise<void> };
test.beforeAll(async () => {
  // The studio starts its embedded engine too: slow on a busy machine.
  test.setTimeout(150_000);
  provider = await TestProvider.listen();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  provider.configure(`${url}${CALLBACK}`, {
    ana: { email: 'ana@example.com', email_verified: true, name: 'Ana Lind', groups: ['artists'] },
  });
  // On the port the provider knows as the studio's (runStudio's own choice is overridden).
  const started = await runStudio({
    PORT: String(port),
    STUDIO_PASSWORD: 'oidc studio owner',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_REDIRECT_URL: `${url}${CALLBACK}`,
    OIDC_NAME: 'Team ID',
    OIDC_ROLES: 'member=artists,viewer=@example.com',
  });
  studio = { ...started, url };
  await waitForHealth(studio.url, 120_000);
});
test.afterAll(async () => {
  studio.child.kill('SIGTERM');
  await studio.exited;
  await provider.stop();
});

test('signs in at the provider and lands in the studio as that person, with their role', async ({
  page,
}) => {
  await page.goto(`${studio.url}/library`);
  await expect(page).toHaveURL(/\/login\?next=%2Flibrary/);
  // The password form stays beside the provider's link.
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Team ID' }).click();

  // The provider's own pages: its sign-in form, then its consent.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('ana');
  await page.locator('input[name="password"]').fill('her password at the provider');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${studio.url}/library`);
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  const me = await page.evaluate(async () => {
    const res = await fetch('/studio-api/me');
    return (await res.json()) as { me: { name: string; email: string; role: string } };
  });
  expect(me.me).toMatchObject({ name: 'Ana Lind', email: 'ana@example.com', role: 'member' });
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Create' }).first()).toBeVisible();
});
