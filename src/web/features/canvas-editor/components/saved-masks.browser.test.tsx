import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { MASK_NAME_MAX, type SavedMask } from '@/contract/masks';
import { pngDataUrl } from '@/web/components/testing/images';
import { studioError, type Route } from '@/web/components/testing/studio-api-stub';
import '@/web/styles.css';
import { maskShelf } from '../mask/mask-shelf';
import { packMask } from '../mask/packed';
import { emptyGrid } from '../mask/grid';
import { HEIGHT, WIDTH, coverage, fitted, openEditor, stroke } from './editor-testing';

/** The studio's saved masks of one person, as `/studio-api/masks` keeps them. */
function studioMasks() {
  let kept: SavedMask[] = [];
  let at = 0;
  const routes: Record<string, Route> = {
    'GET /studio-api/masks': (r) => ({
      masks: kept.filter((m) => m.image === r.url.searchParams.get('image')),
    }),
    'POST /studio-api/masks': (r) => {
      const draft = r.body as Omit<SavedMask, 'savedAt'>;
      const mask = {
        ...draft,
        savedAt: new Date(Date.UTC(2026, 10, 27, 0, 0, ++at)).toISOString(),
      };
      kept = [mask, ...kept.filter((m) => !(m.image === draft.image && m.name === draft.name))];
      return { mask };
    },
    'DELETE /studio-api/masks': (r) => {
      const [image, name] = [r.url.searchParams.get('image'), r.url.searchParams.get('name')];
      kept = kept.filter((m) => !(m.image === image && m.name === name));
      return { deleted: name };
    },
  };
  return { routes, kept: () => kept };
}

describe('saved masks', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves the mask by name on the studio, and loads it back in another browser as one step of undo', async () => {
    const image = await pngDataUrl(WIDTH, HEIGHT);
    const studio = studioMasks();
    const first = await openEditor('inpaint', image, { routes: studio.routes });
    await fitted(first.stage);
    const panel = first.dialog.getByRole('region', { name: 'Saved masks' });
    await expect.element(panel.getByText('None saved for this image.')).toBeVisible();
    stroke(first.stage.element(), [100, 150], [300, 150]);
    await expect.poll(() => coverage(first.dialog.element())).toMatch(/%/);
    const painted = coverage(first.dialog.element());

    // M goes to the name field.
    await userEvent.keyboard('m');
    const name = panel.getByRole('textbox', { name: 'Mask name' });
    await expect.element(name).toHaveFocus();
    // As long a name as the studio keeps, and no longer.
    await expect.element(name).toHaveAttribute('maxlength', String(MASK_NAME_MAX));
    await userEvent.keyboard('the beam');
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect.element(panel.getByRole('status')).toHaveTextContent('Saved “the beam”.');
    await expect.element(panel.getByRole('listitem')).toHaveTextContent('the beam');
    expect(first.api.to('POST /studio-api/masks').map((r) => r.body)).toEqual([
      { image, name: 'the beam', mask: expect.objectContaining({ width: WIDTH, height: HEIGHT }) },
    ]);
    await first.screen.unmount();

    // Another browser: nothing of it here, the studio has it.
    window.localStorage.clear();
    const { dialog, stage } = await openEditor('inpaint', image, { routes: studio.routes });
    await fitted(stage);
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
    await dialog.getByRole('button', { name: 'Load mask the beam' }).click();
    await expect.poll(() => coverage(dialog.element())).toBe(painted);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => coverage(dialog.element())).toBe('Nothing painted yet.');
    // O (focus is on Undo, not in a field) loads the newest saved mask of the image.
    await userEvent.keyboard('o');
    await expect.poll(() => coverage(dialog.element())).toBe(painted);

    await dialog.getByRole('button', { name: 'Delete mask the beam' }).click();
    await expect.element(dialog.getByText('None saved for this image.')).toBeVisible();
    expect(studio.kept()).toEqual([]);
  });

  it('moves the masks this browser saved before to the studio, once, and forgets them here', async () => {
    const image = await pngDataUrl(WIDTH, HEIGHT);
    const old = packMask(emptyGrid(4, 4));
    window.localStorage.setItem(
      'studio.editor.masks',
      JSON.stringify({
        sent: [],
        saved: [
          { image, name: 'old sky', at: 1, mask: old },
          { image: '/media/other/0', name: 'elsewhere', at: 2, mask: old },
        ],
      }),
    );
    const studio = studioMasks();
    const { dialog, stage, api } = await openEditor('inpaint', image, { routes: studio.routes });
    await fitted(stage);
    await expect.element(dialog.getByRole('button', { name: 'Load mask old sky' })).toBeVisible();
    expect(studio.kept().map((m) => m.name)).toEqual(['elsewhere', 'old sky']);
    expect(maskShelf().savedHere()).toEqual([]);
    expect(api.to('POST /studio-api/masks')).toHaveLength(2);
  });

  it('says why the studio refused a save, and keeps the name to try again', async () => {
    const image = await pngDataUrl(WIDTH, HEIGHT);
    const studio = studioMasks();
    const full = studioError(409, 'You have 50 saved masks, the most a person keeps.', {
      code: 'too_many_masks',
      hint: 'Delete one you no longer use (in the editor of its image), then save this one.',
    });
    const { dialog, stage, api } = await openEditor('inpaint', image, {
      routes: { ...studio.routes, 'POST /studio-api/masks': full },
    });
    await fitted(stage);
    stroke(stage.element(), [100, 150], [300, 150]);
    const panel = dialog.getByRole('region', { name: 'Saved masks' });
    const name = panel.getByRole('textbox', { name: 'Mask name' });
    await name.fill('one more');
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect
      .element(panel.getByRole('status'))
      .toHaveTextContent(
        'You have 50 saved masks, the most a person keeps. Delete one you no longer use (in the editor of its image), then save this one.',
      );
    await expect.element(name).toHaveValue('one more');

    api.route('POST /studio-api/masks', studio.routes['POST /studio-api/masks'] ?? null);
    await panel.getByRole('button', { name: 'Save mask' }).click();
    await expect.element(panel.getByRole('status')).toHaveTextContent('Saved “one more”.');
  });
});
