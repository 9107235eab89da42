import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import {
  expectCreates,
  focusFieldIn,
  gridJob,
  stubStudio,
  upscaledJob,
  type StudioStub,
} from '@/web/jobs/testing';
import '@/web/styles.css';
import { renderGallery } from '../testing';

const GRID = 'gridJOB00001';
const grid = gridJob(GRID);
const first = upscaledJob('libJOB000001', GRID, { prompt: 'storm first' });
const last = upscaledJob('libJOB000006', GRID, { prompt: 'storm last' });
/** Six results: the first, the grid's four images, the last. */
const jobs = [first, grid, last];
let studio: StudioStub;

/** The gallery, its viewer opened by a click on the tile named `tileName`. */
async function openViewer(tileName: string) {
  const { screen, gallery } = await renderGallery(jobs);
  await gallery.getByRole('button', { name: tileName, exact: true }).click();
  const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
  await expect.element(viewer).toBeVisible();
  const shows = (position: number, name: string) =>
    Promise.all([
      expect.element(viewer.getByTestId('viewer-position')).toHaveTextContent(`${position} / 6`),
      expect.element(viewer.getByRole('img')).toHaveAccessibleName(name),
    ]);
  return { viewer, shows };
}

const gridImage = (n: number) => `Image ${n} of ${grid.prompt}`;

describe('the library’s result viewer', () => {
  beforeEach(() => {
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('steps through the results with ← and →, across jobs', async () => {
    const { shows } = await openViewer(gridImage(4));
    await shows(5, gridImage(4));
    await userEvent.keyboard('{ArrowRight}');
    await shows(6, 'Image 1 of storm last');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await shows(3, gridImage(2));
  });

  it('shows image n of a grid for 1–4, and U acts on the one shown and closes', async () => {
    const { viewer, shows } = await openViewer(gridImage(2));
    await userEvent.keyboard('4');
    await shows(5, gridImage(4));
    await userEvent.keyboard('1');
    await shows(2, gridImage(1));
    await userEvent.keyboard('u');
    await expect.element(viewer).not.toBeInTheDocument();
    await expectCreates(studio, {
      operation: 'upscale',
      parentId: GRID,
      params: { imageNo: 0, type: 0 },
    });
  });

  it('rerolls a grid with R; on an upscaled image only what it allows', async () => {
    const { viewer, shows } = await openViewer('Image 1 of storm last');
    await shows(6, 'Image 1 of storm last');
    // An upscale offers no U and no reroll: nothing is sent, the viewer stays.
    await userEvent.keyboard('ur');
    await expect.element(viewer).toBeVisible();
    expect(studio.creates()).toEqual([]);
    await userEvent.keyboard('{ArrowLeft}');
    await shows(5, gridImage(4));
    await userEvent.keyboard('r');
    await expect.element(viewer).not.toBeInTheDocument();
    await expectCreates(studio, { operation: 'reroll', parentId: GRID, params: {} });
  });

  it('varies the upscaled image with V', async () => {
    const { viewer } = await openViewer('Image 1 of storm first');
    await userEvent.keyboard('v');
    await expect.element(viewer).not.toBeInTheDocument();
    await expectCreates(studio, {
      operation: 'variation',
      parentId: first.id,
      params: { imageNo: 0, type: 0 },
    });
  });

  it('shows the image at 100 % with Z, and fitted again with Z', async () => {
    const { viewer } = await openViewer(gridImage(3));
    const zoom = viewer.getByRole('button', { name: /Zoom to 100%|Fit to screen/ });
    const pannable = viewer.getByRole('region', { name: /^Image at 100%/ });
    await expect.element(zoom).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('z');
    await expect.element(pannable).toBeVisible();
    await expect.element(zoom).toHaveAttribute('aria-pressed', 'true');
    await expect.element(zoom).toHaveAccessibleName('Fit to screen');
    await userEvent.keyboard('z');
    await expect.element(pannable).not.toBeInTheDocument();
    await expect.element(zoom).toHaveAttribute('aria-pressed', 'false');
  });

  it('ignores its keys while typing in a field, and closes on Esc', async () => {
    const { viewer, shows } = await openViewer(gridImage(2));
    const field = focusFieldIn(viewer.element());
    await userEvent.keyboard('4uz{ArrowRight}');
    await expect.element(viewer.getByRole('textbox', { name: 'A field' })).toHaveValue('4uz');
    await shows(3, gridImage(2));
    await expect
      .element(viewer.getByRole('region', { name: /^Image at 100%/ }))
      .not.toBeInTheDocument();
    field.remove();
    expect(studio.creates()).toEqual([]);
    (viewer.getByRole('button', { name: 'Close' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(viewer).not.toBeInTheDocument();
  });
});
