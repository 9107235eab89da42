import { unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeProblems, expectNoSidewaysScroll } from './screen-helpers';
import { watchForUuids } from './uuid-watch';

/**
 * Collections against the real studio and engine: two jobs chosen in the library's gallery
 * become a new collection; its page shows both in the gallery and the viewer, and its ZIP
 * holds their images with a manifest naming the collection. Prompts start with a word of
 * this run only, so other specs' jobs never match.
 */
const tag = `col${Date.now().toString(36)}`;

interface ApiJob {
  id: string;
  status: string;
  prompt: string;
}

async function made(page: Page, text: string): Promise<ApiJob> {
  const res = await page.request.post('/studio-api/jobs', {
    data: { operation: 'diffusion', params: { text } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { job } = (await res.json()) as { job: ApiJob };
  await expect
    .poll(
      async () => {
        const got = await page.request.get(`/studio-api/jobs/${job.id}`);
        return ((await got.json()) as { job: ApiJob }).job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return job;
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const gallery = (page: Page) => page.getByRole('list', { name: 'Gallery' });
const tile = (page: Page, n: number, prompt: string) =>
  gallery(page).getByRole('button', { name: `Image ${n} of ${prompt}`, exact: true });

test('a collection made from a selection of two jobs: its page, its viewer and its ZIP', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const watch = watchForUuids(page);
  const fox = await made(page, `${tag} fox in the snow`);
  const owl = await made(page, `${tag} owl at night`);
  await made(page, `${tag} not chosen`);

  await page.goto(`/#/library?q=${tag}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  await expect(gallery(page)).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'Select', exact: true }).click();
  await tile(page, 1, fox.prompt).click();
  await tile(page, 2, owl.prompt).click();
  await expect(toolbar(page).getByTestId('selection-count')).toHaveText('2 selected');

  // By keyboard: the menu opens on Enter, its last item (End) makes a new collection.
  await toolbar(page).getByRole('button', { name: 'Add to collection' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Collections' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'New collection…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type(`${tag} Night walk`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toolbar(page).getByRole('status').last()).toHaveText(`Added to “${tag} Night walk”`);

  // The Collections page, from the navigation: its card, then the collection's own page.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Collections' })
    .click();
  const card = page
    .getByRole('list', { name: 'Collections' })
    .getByRole('link', { name: new RegExp(`${tag} Night walk`) });
  await expect(card).toContainText('2 jobs');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/[\w-]+\/0\/thumb$/);
  expect(await axeProblems(page, 'main')).toEqual([]);
  await card.click();
  const section = page.getByRole('region', { name: 'Collection' });
  await expect(section.getByRole('heading', { name: `${tag} Night walk` })).toBeVisible();
  await expect(section).toContainText('2 results from 2 jobs');
  const id = decodeURIComponent(new URL(page.url()).hash.replace('#/collections/', ''));
  expect(id).toMatch(/^[\w-]{12}$/);

  // Both jobs' images in the gallery, and the third job's none; the viewer opens on one.
  await expect(tile(page, 4, fox.prompt)).toBeVisible();
  await expect(tile(page, 4, owl.prompt)).toBeVisible();
  await expect(gallery(page).getByRole('listitem')).toHaveCount(8);
  await tile(page, 3, owl.prompt).click();
  const viewer = page.getByRole('dialog', { name: 'Result viewer' });
  await expect(viewer.getByRole('img')).toHaveAccessibleName(`Image 3 of ${owl.prompt}`);
  await expect(viewer.getByRole('button', { name: 'Add to collection' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The ZIP: every image of both jobs, and a manifest naming the collection on each file.
  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download ZIP' }).click();
  const file = await (await download).path();
  const zip = unzipSync(new Uint8Array(await readFile(file)));
  const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as {
    jobs: number;
    files: { file: string; job: string; collections: { id: string; name: string }[] }[];
  };
  expect(manifest.jobs).toBe(2);
  expect(new Set(manifest.files.map((f) => f.job))).toEqual(new Set([fox.id, owl.id]));
  expect(manifest.files).toHaveLength(8);
  expect(Object.keys(zip).sort()).toEqual(
    [...manifest.files.map((f) => f.file), 'manifest.json'].sort(),
  );
  for (const f of manifest.files) {
    expect(f.collections).toEqual([{ id, name: `${tag} Night walk` }]);
  }

  // On a phone's width: no sideways scroll, and the navigation still reaches the page.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/#/collections');
  await expect(page.getByRole('list', { name: 'Collections' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the collections at 390 px');
  expect((await watch.report()).leaks).toEqual([]);
});
