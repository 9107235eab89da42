import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS } from '../deletes/pending-deletes';
import { stubStudio, upscaledJob, type StudioStub } from '@/web/jobs/testing';
import '@/web/styles.css';
import { FILTER_QUERY, renderGallery } from '../testing';

/** Six results of one image each, so tile n is job n. */
const ids = [1, 2, 3, 4, 5, 6].map((n) => `libJOB00000${n}`);
const jobs = ids.map((id, i) => upscaledJob(id, 'gridJOB00001', { prompt: `storm ${i + 1}` }));
let studio: StudioStub;

async function selecting() {
  const { screen, gallery } = await renderGallery(jobs);
  const tile = (n: number) =>
    gallery.getByRole('button', { name: `Image 1 of storm ${n}`, exact: true });
  const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
  await toolbar.getByRole('button', { name: 'Select' }).click();
  const count = toolbar.getByRole('status');
  await expect.element(count).toHaveTextContent('0 selected');
  const chosen = () =>
    [1, 2, 3, 4, 5, 6].filter((n) => tile(n).element().getAttribute('aria-pressed') === 'true');
  return { screen, toolbar, tile, count, chosen };
}

describe('the gallery’s selection', () => {
  beforeEach(() => {
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens a result on a click while not selecting', async () => {
    const { screen, gallery } = await renderGallery(jobs);
    await gallery.getByRole('button', { name: 'Image 1 of storm 2', exact: true }).click();
    const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
    await expect.element(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect.element(viewer).not.toBeInTheDocument();
  });

  it('chooses a range with a shift-click, counts it and names it in the ZIP link', async () => {
    const { toolbar, tile, count, chosen } = await selecting();
    await tile(2).click();
    await expect.element(count).toHaveTextContent('1 selected');
    await tile(5).click({ modifiers: ['Shift'] });
    await expect.element(count).toHaveTextContent('4 selected');
    expect(chosen()).toEqual([2, 3, 4, 5]);
    const zip = toolbar.getByRole('link', { name: 'Download ZIP' });
    const href = () => decodeURIComponent(zip.element().getAttribute('href') ?? '');
    expect(href()).toBe(`/studio-api/exports/results.zip?ids=${ids.slice(1, 5).join(',')}`);

    // A plain click takes one out; a shift-click reaches back from the same anchor.
    await tile(3).click();
    await expect.element(count).toHaveTextContent('3 selected');
    await tile(1).click({ modifiers: ['Shift'] });
    expect(chosen()).toEqual([1, 2, 3, 4, 5]);
    await expect.element(count).toHaveTextContent('5 selected');
  });

  it('selects all matching the filter, and clears', async () => {
    const { toolbar, tile, count, chosen } = await selecting();
    await tile(4).click();
    await toolbar.getByRole('button', { name: 'Select all matching' }).click();
    await expect.element(count).toHaveTextContent('Everything matching selected');
    expect(chosen()).toEqual([1, 2, 3, 4, 5, 6]);
    await expect
      .element(toolbar.getByRole('link', { name: 'Download ZIP' }))
      .toHaveAttribute('href', `/studio-api/exports/results.zip?${FILTER_QUERY}`);

    const clear = toolbar.getByRole('button', { name: 'Clear selection' });
    await clear.click();
    await expect.element(count).toHaveTextContent('0 selected');
    expect(chosen()).toEqual([]);
    await expect.element(clear).toBeDisabled();
    await expect
      .element(toolbar.getByRole('link', { name: 'Download ZIP' }))
      .not.toBeInTheDocument();
  });

  it('favourites the chosen jobs in one request', async () => {
    const { toolbar, tile } = await selecting();
    await tile(1).click();
    await tile(3).click();
    await toolbar.getByRole('button', { name: 'Favourite', exact: true }).click();
    await expect.poll(studio.bulks).toEqual([{ action: 'favourite', ids: [ids[0], ids[2]] }]);
  });

  it('deletes what the filter matches after a counted confirmation and the undo time', async () => {
    const { screen, toolbar, tile } = await selecting();
    await tile(6).click();
    await toolbar.getByRole('button', { name: 'Select all matching' }).click();
    await toolbar.getByRole('button', { name: 'Delete…' }).click();
    const confirm = toolbar.getByRole('group', { name: 'Confirm delete' });
    await confirm.getByRole('button', { name: 'Delete 37 jobs' }).click();
    // Every result hides at once, with an undo; the delete goes once the undo time is over.
    await expect.element(screen.getByText('Deleted 37 jobs')).toBeVisible();
    await expect.element(tile(1)).not.toBeInTheDocument();
    const filter = { q: 'storm' };
    await expect.poll(studio.bulks, { timeout: UNDO_MS + 4000 }).toEqual([
      { action: 'delete', filter, dryRun: true },
      { action: 'delete', filter },
    ]);
  });
});
