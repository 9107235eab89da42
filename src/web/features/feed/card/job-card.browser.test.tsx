import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Job } from '@/contract/studio-api';
import {
  describeJob,
  expectCreates,
  failedJob,
  gridJob,
  stubStudio,
  upscaledJob,
  videoJob,
  type StudioStub,
} from '@/web/jobs/testing';
import '@/web/styles.css';
import { JobCard } from './job-card';
import { renderWithClient } from '@/web/components/testing/render-with-client';

const GRID = 'gridJOB00001';
let studio: StudioStub;

async function renderCard(job: Job, onUsePrompt?: (prompt: string) => void) {
  const { screen } = await renderWithClient(
    <JobCard job={job} parent={undefined} onUsePrompt={onUsePrompt} />,
  );
  const card = screen.getByRole('article');
  await expect.element(card).toBeVisible();
  return { screen, card };
}

const names = (group: ReturnType<Awaited<ReturnType<typeof renderCard>>['card']['getByRole']>) =>
  group
    .getByRole('button')
    .elements()
    .map((b) => b.textContent);

describe('a job card’s actions', () => {
  beforeEach(() => {
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('tells the exact time a job was made on hover, once the page is idle', async () => {
    const job = gridJob(GRID);
    const { card } = await renderCard(job);
    const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
    const time = card.getByText(/ago$|^just now$|^[A-Z][a-z]{2} \d+$/);
    await expect.element(time).toHaveAttribute('title', exact.format(Date.parse(job.createdAt)));
  });

  it('offers U1–U4, V1–V4 and Reroll under a grid that lists them all', async () => {
    const { card } = await renderCard(gridJob(GRID));
    expect(names(card.getByRole('group', { name: 'Upscale' }))).toEqual(['U1', 'U2', 'U3', 'U4']);
    expect(names(card.getByRole('group', { name: 'Vary' }))).toEqual(['V1', 'V2', 'V3', 'V4']);
    await expect.element(card.getByRole('button', { name: 'Reroll' })).toBeVisible();
    await expect.element(card.getByRole('img', { name: /^Image 4 of/ })).toBeVisible();
  });

  it('shows no button for what `available_actions` leaves out', async () => {
    const job = gridJob(GRID, {}, { upscale: [0, 2], variation: [3] });
    const { card } = await renderCard(job);
    expect(names(card.getByRole('group', { name: 'Upscale' }))).toEqual(['U1', 'U3']);
    expect(names(card.getByRole('group', { name: 'Vary' }))).toEqual(['V4']);
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
    // Neither key acts on what has no button: U on image 2, R at all.
    (card.getByRole('button', { name: 'U1' }).element() as HTMLElement).focus();
    await userEvent.keyboard('2u');
    await expect.element(card.getByRole('status')).toHaveTextContent('Keys act on image 2');
    await userEvent.keyboard('rv');
    await userEvent.keyboard('3u');
    await expectCreates(studio, {
      operation: 'upscale',
      parentId: GRID,
      params: { imageNo: 2, type: 0 },
    });
  });

  it('offers an upscaled image only its own follow-ups: no U, no reroll, vary/zoom/pan in its menu', async () => {
    const { card } = await renderCard(upscaledJob('upJOB0000001', GRID));
    await expect.element(card.getByRole('img', { name: /^Image 1 of/ })).toBeVisible();
    await expect.element(card.getByRole('group', { name: 'Upscale' })).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
    expect(names(card.getByRole('group', { name: 'Vary' }))).toEqual(['V1']);

    await card.getByRole('button', { name: 'More actions for image 1' }).click();
    const menu = card.getByRole('menu', { name: 'Actions for image 1' });
    await expect.element(menu.getByRole('menuitem', { name: 'Zoom out 2×' })).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: 'Pan left' })).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: 'Animate…' })).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: /Upscale/ })).not.toBeInTheDocument();
    await expect.element(menu.getByRole('menuitem', { name: 'Enhance' })).not.toBeInTheDocument();
    await menu.getByRole('menuitem', { name: 'Zoom out 2×' }).click();
    await expectCreates(studio, {
      operation: 'outpaint',
      parentId: 'upJOB0000001',
      params: { imageNo: 0, scale: 2 },
    });
  });

  it('shows a video result as clips to extend or upscale, with no image actions', async () => {
    const { card } = await renderCard(videoJob('vidJOB000001', GRID));
    for (const n of [1, 2, 3, 4]) {
      await expect.element(card.getByRole('button', { name: `Extend clip ${n}` })).toBeVisible();
    }
    await expect.element(card.getByRole('group', { name: 'Upscale' })).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
    await card.getByRole('button', { name: 'Upscale video 3' }).click();
    await expectCreates(studio, {
      operation: 'video-upscale',
      parentId: 'vidJOB000001',
      params: { videoNo: 2 },
    });
  });

  it('shows a describe result as prompts to use, with no image actions', async () => {
    const onUsePrompt = vi.fn<(prompt: string) => void>();
    const { card } = await renderCard(describeJob('descJOB00001'), onUsePrompt);
    await expect.element(card.getByText('a fox at dusk, watercolour')).toBeVisible();
    await expect.element(card.getByRole('img')).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
    await card.getByRole('button', { name: 'Use prompt 2' }).click();
    expect(onUsePrompt).toHaveBeenCalledWith('a fox at dusk, watercolour');
  });

  it('shows why a job failed, and no actions', async () => {
    const { card } = await renderCard(failedJob('failJOB00001'));
    await expect.element(card.getByText('The prompt was refused')).toBeVisible();
    await expect.element(card.getByText('Reword it and try again.')).toBeVisible();
    await expect.element(card.getByRole('button', { name: /^[UV]\d$/ })).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
  });

  it('sends the follow-up a button names: image, mode and parent', async () => {
    const { card } = await renderCard(gridJob(GRID));
    await card.getByRole('button', { name: 'U2' }).click();
    await expectCreates(studio, {
      operation: 'upscale',
      parentId: GRID,
      params: { imageNo: 1, type: 0 },
    });
    await card
      .getByRole('radiogroup', { name: 'Vary strength' })
      .getByRole('radio', { name: 'Strong' })
      .click();
    await card.getByRole('button', { name: 'V4' }).click();
    await card.getByRole('button', { name: 'Reroll' }).click();
    await expectCreates(
      studio,
      { operation: 'upscale', parentId: GRID, params: { imageNo: 1, type: 0 } },
      { operation: 'variation', parentId: GRID, params: { imageNo: 3, type: 1 } },
      { operation: 'reroll', parentId: GRID, params: {} },
    );
  });

  it('answers 1–4, U, V and R while the card has focus, as its buttons do', async () => {
    const { card } = await renderCard(gridJob(GRID));
    await card
      .getByRole('radiogroup', { name: 'Upscale mode' })
      .getByRole('radio', { name: 'Creative' })
      .click();
    // No image picked yet: the keys act on image 1.
    await userEvent.keyboard('u');
    await userEvent.keyboard('3');
    await expect.element(card.getByRole('status')).toHaveTextContent('Keys act on image 3');
    await userEvent.keyboard('v');
    await userEvent.keyboard('r');
    await expectCreates(
      studio,
      { operation: 'upscale', parentId: GRID, params: { imageNo: 0, type: 1 } },
      { operation: 'variation', parentId: GRID, params: { imageNo: 2, type: 0 } },
      { operation: 'reroll', parentId: GRID, params: {} },
    );
  });
});
