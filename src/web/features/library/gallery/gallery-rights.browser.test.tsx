import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/contract/people';
import { stubStudio, upscaledJob, type StudioStub } from '@/web/jobs/testing';
import '@/web/styles.css';
import { renderGallery } from '../testing';

const ANA = { id: 'AnaAnaAna123', name: 'Ana' };
const BEN = { id: 'BenBenBen123', name: 'Ben' };
/** Two results by Ana, then one by Ben. */
const jobs = [ANA, ANA, BEN].map((maker, i) =>
  upscaledJob(`libJOB00000${i + 1}`, 'gridJOB00001', { prompt: `storm ${i + 1}`, maker }),
);
let studio: StudioStub;

async function galleryAs(who: { id: string; name: string }, role: Role) {
  studio.route('GET /studio-api/me', {
    me: { ...who, email: `${who.name}@example.com`, role, hasPassword: true, createdAt: '' },
  });
  const { screen, gallery } = await renderGallery(jobs);
  await expect.poll(() => studio.to('GET /studio-api/me').length).toBe(1);
  const tile = (n: number) =>
    gallery.getByRole('button', { name: `Image 1 of storm ${n}`, exact: true });
  const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
  return { screen, gallery, tile, toolbar };
}

describe('the gallery, as each role sees it', () => {
  beforeEach(() => {
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a viewer the maker and the download in the viewer, and no delete or reuse', async () => {
    const { screen, tile } = await galleryAs(BEN, 'viewer');
    await tile(1).click();
    const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
    await expect.element(viewer.getByTestId('viewer-maker')).toHaveTextContent('by Ana');
    await expect.element(viewer.getByRole('link', { name: 'Download' })).toBeVisible();
    await expect.element(viewer.getByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
    await expect
      .element(viewer.getByRole('button', { name: 'Use prompt', exact: true }))
      .not.toBeInTheDocument();
    await expect
      .element(viewer.getByRole('button', { name: 'Add to collection' }))
      .not.toBeInTheDocument();
  });

  it('offers a viewer the ZIP of a selection, and no favourite, delete or blend', async () => {
    const { tile, toolbar } = await galleryAs(BEN, 'viewer');
    await toolbar.getByRole('button', { name: 'Select' }).click();
    await tile(1).click();
    await expect.element(toolbar.getByRole('link', { name: 'Download ZIP' })).toBeVisible();
    for (const name of ['Favourite', 'Unfavourite', 'Delete…', 'Add to collection']) {
      await expect
        .element(toolbar.getByRole('button', { name, exact: true }))
        .not.toBeInTheDocument();
    }
  });

  it('lets a member act on a selection of their own, and not on one holding another’s', async () => {
    const { tile, toolbar } = await galleryAs(ANA, 'member');
    await toolbar.getByRole('button', { name: 'Select' }).click();
    await tile(1).click();
    await tile(2).click();
    await expect.element(toolbar.getByRole('button', { name: 'Delete…' })).toBeVisible();
    await expect.element(toolbar.getByRole('link', { name: 'Download ZIP' })).toBeVisible();
    await tile(3).click();
    await expect.element(toolbar.getByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
    await expect
      .element(toolbar.getByRole('link', { name: 'Download ZIP' }))
      .not.toBeInTheDocument();
    // Everything matching: the studio leaves the jobs of others.
    await toolbar.getByRole('button', { name: 'Select all matching' }).click();
    await expect
      .element(toolbar.getByRole('button', { name: 'Favourite', exact: true }))
      .toBeVisible();
  });

  it('shows a member the delete of their own result in the viewer, not of another’s', async () => {
    const { screen, tile } = await galleryAs(ANA, 'member');
    await tile(3).click();
    const viewer = screen.getByRole('dialog', { name: 'Result viewer' });
    await expect.element(viewer.getByTestId('viewer-maker')).toHaveTextContent('by Ben');
    // Another's result may go into a collection of her own.
    await expect.element(viewer.getByRole('button', { name: 'Add to collection' })).toBeVisible();
    await expect.element(viewer.getByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
    await expect
      .element(viewer.getByRole('button', { name: 'Use prompt', exact: true }))
      .toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await tile(1).click();
    await expect.element(viewer.getByRole('button', { name: 'Delete…' })).toBeVisible();
  });
});
