import { expect, test, type Page } from '@playwright/test';
import { axeProblems } from './screen-helpers';
import { watchForUuids } from './uuid-watch';

/**
 * Select many in the library's gallery against the real studio and engine: "Select all
 * matching" acts on every job the filter matches, loaded or not (favourite, delete with
 * undo and without), and a selection of results is blended through the Blend tool.
 * Prompts start with a word of this run only, so other specs' jobs never match.
 */
const tag = `blk${Date.now().toString(36)}`;

interface ApiJob {
  id: string;
  status: string;
  favourite?: boolean;
  params?: Record<string, unknown> | null;
}

async function post(page: Page, data: unknown): Promise<ApiJob> {
  const res = await page.request.post('/studio-api/jobs', { data });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { job: ApiJob }).job;
}

async function jobs(page: Page, query: string): Promise<ApiJob[]> {
  const res = await page.request.get(`/studio-api/jobs?${query}&limit=200`);
  return ((await res.json()) as { jobs: ApiJob[] }).jobs;
}

const completed = async (page: Page, query: string, count: number): Promise<ApiJob[]> => {
  await expect
    .poll(async () => (await jobs(page, query)).filter((j) => j.status === 'completed').length, {
      timeout: 60_000,
    })
    .toBe(count);
  return jobs(page, query);
};

const tiles = (page: Page) => page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });

async function openGallery(page: Page, search: string): Promise<void> {
  await page.goto(`/#/library?${search}`);
  const choice = page.getByRole('radio', { name: 'Gallery' });
  if ((await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
  await expect(page.getByRole('list', { name: 'Gallery' })).toBeVisible();
}

test('select all matching: favourite and delete reach every job the filter matches, with undo', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const watch = watchForUuids(page);
  const JOBS = 12;
  for (let i = 0; i < JOBS; i++)
    await post(page, { operation: 'diffusion', params: { text: `${tag} kite ${i}` } });
  const made = await completed(page, `q=${tag}`, JOBS);
  const stray = await post(page, { operation: 'diffusion', params: { text: `zz${tag} stray` } });

  // A small window and pages of one job: most of the matches are not loaded.
  await page.setViewportSize({ width: 420, height: 450 });
  await openGallery(page, `q=${tag}&limit=1`);
  await expect(page.getByTestId('library-summary')).toContainText('older ones');
  await toolbar(page).getByRole('button', { name: 'Select', exact: true }).click();
  await toolbar(page).getByRole('button', { name: 'Select all matching' }).click();
  // Fewer are loaded than match (the summary counts the loaded ones).
  await expect(page.getByTestId('library-summary')).toHaveText(
    /^Newest ([1-9]|1[01]) jobs? .*older ones/,
  );
  await toolbar(page).getByRole('button', { name: 'Favourite', exact: true }).click();
  await expect.poll(async () => (await jobs(page, `q=${tag}&favourite=true`)).length).toBe(JOBS);
  expect((await jobs(page, `q=zz${tag}`)).every((j) => !j.favourite)).toBe(true);

  const deleteAll = async () => {
    await toolbar(page).getByRole('button', { name: 'Delete…' }).click();
    const confirm = toolbar(page).getByRole('group', { name: 'Confirm delete' });
    // The count is the server's: every match, not the few loaded.
    await expect(confirm).toContainText(`Delete ${JOBS} jobs from the studio’s history`);
    await expect(confirm).toContainText('The image service has no delete');
    expect(await axeProblems(page, '[role="toolbar"][aria-label="Selection"]')).toEqual([]);
    await confirm.getByRole('button', { name: `Delete ${JOBS} jobs` }).click();
    await expect(page.getByText(`Deleted ${JOBS} jobs`)).toBeVisible();
  };
  await toolbar(page).getByRole('button', { name: 'Select all matching' }).click();
  await deleteAll();
  await expect(tiles(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(tiles(page).first()).toBeVisible();
  // Past the undo time nothing was sent: all of them are still there.
  await page.waitForTimeout(7_000);
  expect((await jobs(page, `q=${tag}`)).map((j) => j.id).sort()).toEqual(
    made.map((j) => j.id).sort(),
  );

  await toolbar(page).getByRole('button', { name: 'Select all matching' }).click();
  await deleteAll();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden({ timeout: 15_000 });
  await expect.poll(async () => (await jobs(page, `q=${tag}`)).length).toBe(0);
  expect((await jobs(page, `q=zz${tag}`)).map((j) => j.id)).toEqual([stray.id]);
  for (const job of made) {
    expect((await page.request.get(`/studio-api/jobs/${job.id}`)).status()).toBe(404);
    expect((await page.request.get(`/media/${job.id}/0`)).status()).toBe(404);
  }
  expect((await page.request.get(`/media/${made[0]!.id}/0/thumb`)).status()).toBe(404);
  expect((await watch.report()).leaks).toEqual([]);
});

test('a selection of two results blended: the Blend tool gets both, and the service too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const watch = watchForUuids(page);
  const [root] = await (async () => {
    await post(page, { operation: 'diffusion', params: { text: `${tag}mix two owls` } });
    return completed(page, `q=${tag}mix`, 1);
  })();
  for (const imageNo of [0, 3])
    await post(page, { operation: 'upscale', parentId: root!.id, params: { imageNo } });
  await completed(page, `q=${tag}mix&operation=upscale`, 2);

  await openGallery(page, `q=${tag}mix&operation=upscale`);
  await expect(tiles(page)).toHaveCount(2);
  await toolbar(page).getByRole('button', { name: 'Select', exact: true }).click();
  const blend = toolbar(page).getByRole('button', { name: 'Blend' });
  await tiles(page).nth(0).getByRole('button').click();
  await expect(blend).toBeDisabled();
  await tiles(page).nth(1).getByRole('button').click();
  // By keyboard: Blend is a button of the toolbar like the others.
  await blend.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/tools$/);
  const form = page.getByRole('form', { name: 'Blend' });
  const first = form.getByRole('textbox', { name: 'Image 1 URL' });
  const second = form.getByRole('textbox', { name: 'Image 2 URL' });
  await expect(first).toHaveValue(/^https?:\/\/\S+\/u\/\S+\.png$/);
  await expect(second).toHaveValue(/^https?:\/\/\S+\/u\/\S+\.png$/);
  const urls = [await first.inputValue(), await second.inputValue()];
  expect(urls[0]).not.toBe(urls[1]);
  await expect(form.getByRole('button', { name: 'Blend' })).toBeFocused();
  await page.keyboard.press('Enter');

  const [made] = await completed(page, 'operation=blend', 1);
  expect(made!.params?.imgUrls).toEqual(urls);
  expect((await watch.report()).leaks).toEqual([]);
});

test('the viewer’s Blend with others opens the Blend tool with that image first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await post(page, { operation: 'diffusion', params: { text: `${tag}solo heron` } });
  await completed(page, `q=${tag}solo`, 1);
  await openGallery(page, `q=${tag}solo`);
  await tiles(page).nth(2).getByRole('button').click();
  const viewer = page.getByRole('dialog', { name: 'Result viewer' });
  await viewer.getByRole('button', { name: 'Blend with others' }).click();
  await expect(page).toHaveURL(/#\/tools$/);
  const form = page.getByRole('form', { name: 'Blend' });
  await expect(form.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue(/\/u\/\S+\.png$/);
  // The user adds the others: the next field has the focus.
  await expect(form.getByRole('textbox', { name: 'Image 2 URL' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Image 2 URL' })).toHaveValue('');
});
