import { expect, test, type Page } from '@playwright/test';
import { watchForUuids } from './uuid-watch';

/**
 * A share link, made from the library's viewer, opened in a browser with nothing of the
 * studio's (a fresh context: no cookies, no storage), then revoked on the Account page.
 */
const tag = `shr${Date.now().toString(36)}`;

async function completedJob(page: Page, text: string): Promise<{ id: string; prompt: string }> {
  const res = await page.request.post('/studio-api/jobs', {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { job } = (await res.json()) as { job: { id: string; prompt: string } };
  await expect
    .poll(
      async () => {
        const got = await page.request.get(`/studio-api/jobs/${job.id}`);
        return ((await got.json()) as { job: { status: string } }).job.status;
      },
      { timeout: 40_000 },
    )
    .toBe('completed');
  return job;
}

test('a share link opens without a session, shows only what was shared, and stops when revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const watch = watchForUuids(page);
  const job = await completedJob(page, `${tag} a red kite over the dunes`);

  await page.goto(`/#/library?q=${tag}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  const gallery = page.getByRole('list', { name: 'Gallery' });
  await gallery.getByRole('listitem').nth(1).getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: 'Result viewer' });
  await viewer.getByRole('button', { name: 'Share' }).click();

  const dialog = page.getByRole('dialog', { name: 'Share image 2' });
  await expect(dialog.getByRole('radio', { name: 'Image 2' })).toBeChecked();
  await dialog.getByRole('radio', { name: '1 day' }).click();
  await dialog.getByRole('switch', { name: 'Show the prompt' }).click();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const field = dialog.getByRole('textbox', { name: /Anyone with this link/ });
  await expect(field).toHaveValue(/\/s\/[\w-]{22}\.[\w-]{32}$/);
  const link = await field.inputValue();
  await expect(dialog).toContainText('with the prompt');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');

  // Someone else, with nothing of the studio's.
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  const opened = await outside.goto(link);
  expect(opened?.status()).toBe(200);
  expect(await stranger.cookies()).toEqual([]);
  await expect(outside.getByRole('heading', { level: 1 })).toHaveText('Imagine');
  await expect(outside.getByText(`${tag} a red kite over the dunes`)).toBeVisible();
  const image = outside.getByRole('img', { name: 'The shared image' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const html = await outside.content();
  expect(html).not.toContain(job.id);
  const og = outside.locator('meta[property="og:image"]');
  await expect(og).toHaveAttribute('content', `${link}/1/thumb/1536`);
  // The one image shared, none of its siblings.
  const sibling = await stranger.request.get(`${link}/0`);
  expect(sibling.status()).toBe(404);

  // Revoked on the Account page: the stranger's next look shows nothing.
  await page.goto('/#/account');
  const list = page.getByTestId('share-links');
  const row = list.locator('tr[data-state]').first();
  await expect(row).toHaveAttribute('data-state', 'active');
  await row.getByRole('button', { name: /^Revoke the link/ }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  await expect(row).toContainText('Revoked');

  const after = await outside.reload();
  expect(after?.status()).toBe(410);
  await expect(outside.getByRole('heading', { level: 1 })).toHaveText('Link not available');
  expect((await stranger.request.get(`${link}/1`)).status()).toBe(410);
  await stranger.close();
  expect((await watch.report()).leaks).toEqual([]);
});

test('a collection shared from its page shows its images as they are now, to anyone, until revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const watch = watchForUuids(page);
  const kite = await completedJob(page, `${tag} a kite over the sea`);
  const gull = await completedJob(page, `${tag} a gull on a post`);
  const name = `${tag} Coast`;
  const made = await page.request.post('/studio-api/collections', {
    data: { name, items: [{ job: kite.id }, { job: gull.id, image: 2 }] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { collection } = (await made.json()) as { collection: { id: string } };

  await page.goto(`/#/collections/${collection.id}`);
  await page
    .getByRole('toolbar', { name: 'Collection actions' })
    .getByRole('button', { name: 'Share' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Share the collection “${name}”` });
  await expect(dialog.getByRole('switch', { name: 'Show the prompts' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const field = dialog.getByRole('textbox', {
    name: 'Anyone with this link can see this collection',
  });
  await expect(field).toHaveValue(/\/s\/[\w-]{22}\.[\w-]{32}$/);
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Someone else, with nothing of the studio's: the collection's name and its five images.
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  expect((await outside.goto(link))?.status()).toBe(200);
  expect(await stranger.cookies()).toEqual([]);
  await expect(outside.getByRole('heading', { level: 1 })).toHaveText(name);
  const images = outside.getByRole('img', { name: /^Shared image \d of 5$/ });
  await expect(images).toHaveCount(5);
  const first = images.first();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const html = await outside.content();
  for (const secret of [kite.id, gull.id, collection.id, 'a kite over', 'a gull on']) {
    expect(html).not.toContain(secret);
  }
  await expect(outside.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[\\w-]{22}/thumb/1536$`),
  );

  // The collection changes in the studio: the next look shows it as it is.
  const removed = await page.request.post(`/studio-api/collections/${collection.id}/items/remove`, {
    data: { items: [{ job: kite.id }] },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
  await outside.reload();
  await expect(outside.getByRole('img', { name: 'The shared image' })).toBeVisible();

  // Revoked on the Account page, where the link is listed by the collection's name.
  await page.goto('/#/account');
  const row = page
    .getByTestId('share-links')
    .locator('tr[data-state]')
    .filter({ hasText: `Collection “${name}”` });
  await expect(row).toHaveAttribute('data-state', 'active');
  await row.getByRole('button', { name: `Revoke the link to Collection “${name}”` }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  expect((await outside.reload())?.status()).toBe(410);
  await expect(outside.getByRole('heading', { level: 1 })).toHaveText('Link not available');
  await stranger.close();
  expect((await watch.report()).leaks).toEqual([]);
});
