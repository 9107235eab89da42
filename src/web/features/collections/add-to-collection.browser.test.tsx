import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Collection } from '@/contract/collections';
import type { Role } from '@/contract/people';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import { studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import '@/web/styles.css';
import { AddToCollection } from './add-to-collection';

const ANA = { id: 'AnaAnaAna123', name: 'Ana' };
const BEN = { id: 'BenBenBen123', name: 'Ben' };
const JOB = 'foxJOB000001';

const collection = (id: string, name: string, owner: typeof ANA, holds: (number | null)[]) =>
  ({
    id,
    name,
    owner,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    items: 3,
    jobs: 2,
    cover: null,
    holds,
  }) satisfies Collection;

const BIRDS = collection('birdsCOLL001', 'Birds', ANA, [2]);
const NIGHT = collection('nightCOLL001', 'Night', ANA, []);
const FISH = collection('fishCOLL0001', 'Fish', BEN, [null]);

function studioAs(who: typeof ANA, role: Role) {
  return stubStudioApi({
    'GET /studio-api/me': {
      me: { ...who, email: `${who.name}@example.com`, role, hasPassword: true, createdAt: '' },
    },
    'GET /studio-api/collections': { collections: [BIRDS, FISH, NIGHT] },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Add to collection', () => {
  it('offers a member their own collections, ticks the one holding the image, and removes it from there', async () => {
    const studio = studioAs(ANA, 'member');
    const onAdded = vi.fn();
    const { screen } = await renderWithClient(
      <AddToCollection
        items={[{ job: JOB, image: 2 }]}
        label="Add image 3 to a collection"
        onAdded={onAdded}
      />,
    );
    studio.route(`POST /studio-api/collections/${BIRDS.id}/items/remove`, {
      collection: { ...BIRDS, holds: undefined, items: 2 },
      changed: 1,
    });
    studio.route(`POST /studio-api/collections/${NIGHT.id}/items`, {
      collection: { ...NIGHT, holds: undefined, items: 4 },
      changed: 1,
    });
    // By keyboard: the trigger opens the menu, arrows move between its items.
    await screen.getByRole('button', { name: 'Add image 3 to a collection' }).click();
    const menu = screen.getByRole('menu', { name: 'Collections' });
    await expect.element(menu.getByRole('menuitem', { name: 'Remove from Birds' })).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: 'Add to Night' })).toBeVisible();
    // Ben's collection is his to change: not offered.
    await expect.element(menu.getByRole('menuitem', { name: /Fish/ })).not.toBeInTheDocument();
    expect(studio.to('GET /studio-api/collections')[0]?.url.searchParams.get('job')).toBe(JOB);
    await expect.element(menu.getByRole('menuitem', { name: 'Remove from Birds' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Removed from “Birds”');
    expect(studio.to(`POST /studio-api/collections/${BIRDS.id}/items/remove`)[0]?.body).toEqual({
      items: [{ job: JOB, image: 2 }],
    });
    expect(onAdded).not.toHaveBeenCalled();

    await screen.getByRole('button', { name: 'Add image 3 to a collection' }).click();
    await menu.getByRole('menuitem', { name: 'Add to Night' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Added to “Night”');
    expect(studio.to(`POST /studio-api/collections/${NIGHT.id}/items`)[0]?.body).toEqual({
      items: [{ job: JOB, image: 2 }],
    });
    expect(onAdded).toHaveBeenCalledTimes(1);
  });

  it('makes a new collection holding a selection, saying what the studio refused', async () => {
    const studio = studioAs(ANA, 'admin');
    const items = [{ job: JOB }, { job: 'owlJOB000001' }];
    const { screen } = await renderWithClient(
      <AddToCollection items={items} label="Add to collection" variant="button" />,
    );
    let tries = 0;
    studio.route('POST /studio-api/collections', () =>
      ++tries === 1
        ? studioError(
            409,
            'name: you already have a collection named “Birds” (names are unique per person, whatever their case).',
            { code: 'name_taken' },
          )
        : new Response(
            JSON.stringify({ collection: { ...BIRDS, id: 'newCOLL00001', name: 'Birds 2' } }),
            {
              status: 201,
              headers: { 'content-type': 'application/json' },
            },
          ),
    );
    await screen.getByRole('button', { name: 'Add to collection' }).click();
    const menu = screen.getByRole('menu', { name: 'Collections' });
    // An admin may add to anyone's collection; for many jobs, nothing is ticked.
    await expect.element(menu.getByRole('menuitem', { name: 'Add to Fish' })).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: 'Add to Birds' })).toBeVisible();
    expect(studio.to('GET /studio-api/collections')[0]?.url.search).toBe('');
    await menu.getByRole('menuitem', { name: 'New collection…' }).click();

    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect.element(name).toHaveFocus();
    await dialog.getByRole('button', { name: 'Make collection' }).click();
    await expect.element(dialog.getByText('Name: must be 1 to 80 characters.')).toBeVisible();
    expect(studio.to('POST /studio-api/collections')).toHaveLength(0);

    await name.fill('Birds');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(dialog.getByText(/you already have a collection named “Birds”/))
      .toBeVisible();
    await name.fill('Birds 2');
    await dialog.getByRole('button', { name: 'Make collection' }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Added to “Birds 2”');
    expect(studio.to('POST /studio-api/collections')[1]?.body).toEqual({ name: 'Birds 2', items });
    await expect.element(dialog).not.toBeInTheDocument();
  });
});
