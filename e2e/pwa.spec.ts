import { expect, test, type Page } from '@playwright/test';
import { isServerPath } from '@/contract/server-paths';
import { NEXT_BUILD, PWA_PASSWORD, startPwaStack, type PwaStack } from './pwa-stack';

/**
 * The studio as an installed app, behind its password (pwa-stack.ts): the worker installs
 * and takes the page; the sign-in page links the manifest and its icons load; a reload
 * without a network shows the shell and says Offline; nothing of the studio's answers is
 * kept, so none is served offline or after signing out; a new build is offered, never
 * forced. Every other spec blocks service workers (playwright.config.ts). The tests run
 * in order on one stack: the job of the second is the image of the third, and the new
 * build of the last stays.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

let stack: PwaStack;
test.beforeAll(async () => {
  stack = await startPwaStack();
});
test.afterAll(async () => {
  await stack.stop();
});

/** Signs in from the page a guarded URL redirects to, and waits for the studio. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${stack.url}/`);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Password').fill(PWA_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${stack.url}/sw.js`);
}

/** The paths of every request kept in the page's Cache Storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) {
        paths.push(new URL(req.url).pathname);
      }
    }
    return paths;
  });

/** What a fetch from the page got: its status, or `failed` when no answer came. */
const fetchStatus = (page: Page, path: string) =>
  page.evaluate(
    (p) =>
      fetch(p).then(
        (r) => r.status,
        () => 'failed',
      ),
    path,
  );

/** A PNG's width and height, from its header. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('the sign-in page links the manifest, which loads with its icons without a session', async ({
  page,
}) => {
  await page.goto(`${stack.url}/login`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(`${stack.url}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    scope: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'Studio',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: '#09090b',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await page.request.get(`${stack.url}${icon.src}`);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body()).join('x')).toBe(icon.sizes);
  }
});

test('the worker takes the page, keeps the shell only, and a reload offline shows it, Offline', async ({
  page,
  context,
}) => {
  await signIn(page);
  await controlled(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const sw = await page.request.get(`${stack.url}/sw.js`);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // A job's images and the API's answers pass through the worker's page, never into it.
  await page.getByRole('textbox', { name: /prompt/i }).fill('a kite over the dunes');
  await page.getByRole('button', { name: 'Generate' }).click();
  const job = page.getByRole('article', { name: /a kite over the dunes/i }).first();
  await expect(job.getByRole('img', { name: /Image \d of/ })).toHaveCount(4, {
    timeout: 30_000,
  });
  expect(await fetchStatus(page, '/studio-api/jobs')).toBe(200);
  const kept = await cachedPaths(page);
  expect(kept).toContain('/index.html');
  expect(
    kept.filter((p) => !/^\/(?:index\.html|manifest\.webmanifest|assets\/.+)$/.test(p)),
  ).toEqual([]);
  expect(kept.filter(isServerPath)).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  const header = page.getByRole('banner');
  await expect(header.getByText('Offline', { exact: true })).toBeVisible();
  await expect(header.getByText(/^You are offline\./)).toBeAttached();
  // An API answer seen a moment ago is not answered from any cache.
  expect(await fetchStatus(page, '/studio-api/jobs')).toBe('failed');
  // A page never visited opens too: the shell stands for every page of the app.
  await page.goto(`${stack.url}/library?view=grid`);
  await expect(header.getByText('Offline', { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect(header.getByText('Live', { exact: true })).toBeVisible();
});

test('after signing out, no image or answer of the session is served, and pages ask to sign in', async ({
  page,
}) => {
  await signIn(page);
  await controlled(page);
  const image = page.getByRole('img', { name: /Image \d of/ }).first();
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const media = new URL(await image.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
  expect(media).toMatch(/^\/media\//);
  expect(await fetchStatus(page, media)).toBe(200);

  const out = await page.evaluate(() =>
    fetch('/logout', { method: 'POST', redirect: 'manual' }).then((r) => r.type),
  );
  expect(out).toBe('opaqueredirect');
  // Neither the worker nor the browser's cache answers: the studio does, and refuses.
  expect(await fetchStatus(page, media)).toBe(401);
  expect(await fetchStatus(page, '/studio-api/jobs')).toBe(401);
  expect((await cachedPaths(page)).filter(isServerPath)).toEqual([]);
  // Online, a page is the studio's answer, not the kept shell: the sign-in page.
  await page.goto(`${stack.url}/library`);
  await expect(page).toHaveURL(/\/login\?next=%2Flibrary$/);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('a new build is offered, not forced, and Reload opens it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await controlled(page);
  const nextMark = page.locator(`meta[name="${NEXT_BUILD.name}"]`);
  await expect(nextMark).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { before: boolean }).before = true;
  });

  await stack.deployNextBuild();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const offer = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  // Offered only: the page has not reloaded, and still runs the first build.
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);
  await expect(nextMark).toHaveCount(0);

  await offer.getByRole('button', { name: 'Reload' }).click();
  await expect(nextMark).toHaveAttribute('content', NEXT_BUILD.content);
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
    undefined,
  );
  await expect(page.getByRole('status').filter({ hasText: 'A new version' })).toHaveCount(0);
  await controlled(page);
});
