import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Job } from '@/contract/studio-api';
import { JobCard } from '../card/job-card';
import {
  expectCreates,
  focusFieldIn,
  gridJob,
  stubStudio,
  type StudioStub,
} from '@/web/jobs/testing';
import '@/web/styles.css';
import { Lightbox } from './lightbox';
import { lightboxStore } from './lightbox-store';
import { renderWithClient } from '@/web/components/testing/render-with-client';

const GRID = 'gridJOB00001';
let studio: StudioStub;

/** A card and the feed's viewer; `open(n)` clicks image n of the card's grid. */
async function renderFeed(job: Job) {
  const { screen } = await renderWithClient(
    <>
      <JobCard job={job} parent={undefined} onUsePrompt={undefined} />
      <Lightbox jobs={[job]} />
    </>,
  );
  const viewer = screen.getByRole('dialog', { name: 'Image viewer' });
  const shows = (i: number) =>
    Promise.all([
      expect.element(viewer.getByText(`${i} / 4`)).toBeVisible(),
      expect.element(viewer.getByRole('img')).toHaveAccessibleName(`Image ${i} of ${job.prompt}`),
    ]);
  const open = async (n: number) => {
    await screen.getByRole('button', { name: `Image ${n} of ${job.prompt}` }).click();
    await shows(n);
  };
  return { viewer, shows, open };
}

async function openViewer(job: Job, n: number) {
  const feed = await renderFeed(job);
  await feed.open(n);
  return feed;
}

describe('the feed’s image viewer', () => {
  beforeEach(() => {
    lightboxStore.setState({ open: null });
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('steps with ← and →, round the grid', async () => {
    const { shows } = await openViewer(gridJob(GRID), 2);
    await userEvent.keyboard('{ArrowRight}');
    await shows(3);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await shows(1);
    await userEvent.keyboard('{ArrowLeft}');
    await shows(4);
  });

  it('shows image n of the grid for 1–4, and U acts on the one shown and closes', async () => {
    const { viewer, shows } = await openViewer(gridJob(GRID), 1);
    await userEvent.keyboard('3');
    await shows(3);
    await userEvent.keyboard('u');
    await expect.element(viewer).not.toBeInTheDocument();
    await expectCreates(studio, {
      operation: 'upscale',
      parentId: GRID,
      params: { imageNo: 2, type: 0 },
    });
  });

  it('varies with V and rerolls with R, closing each time', async () => {
    const { viewer, open } = await openViewer(gridJob(GRID), 4);
    await userEvent.keyboard('v');
    await expect.element(viewer).not.toBeInTheDocument();
    await open(1);
    await userEvent.keyboard('r');
    await expect.element(viewer).not.toBeInTheDocument();
    await expectCreates(
      studio,
      { operation: 'variation', parentId: GRID, params: { imageNo: 3, type: 0 } },
      { operation: 'reroll', parentId: GRID, params: {} },
    );
  });

  it('leaves a key alone when the job does not allow its action', async () => {
    const job = gridJob(GRID, {}, { upscale: [0], reroll: false });
    const { viewer, shows } = await openViewer(job, 2);
    await userEvent.keyboard('ur');
    await userEvent.keyboard('{ArrowRight}');
    await shows(3);
    await expect.element(viewer).toBeVisible();
    expect(studio.creates()).toEqual([]);
  });

  it('ignores its keys while typing in a field, and closes on Esc', async () => {
    const { viewer, shows } = await openViewer(gridJob(GRID), 2);
    const field = focusFieldIn(viewer.element());
    await userEvent.keyboard('3u{ArrowRight}');
    await expect.element(viewer.getByRole('textbox', { name: 'A field' })).toHaveValue('3u');
    await shows(2);
    field.remove();
    expect(studio.creates()).toEqual([]);
    (viewer.getByRole('button', { name: 'Close' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.element(viewer).not.toBeInTheDocument();
  });
});
