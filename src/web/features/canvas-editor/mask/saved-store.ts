import { create } from 'zustand';
import type { SavedMask } from '@/contract/masks';
import { describeError } from '@/web/lib/describe-error';
import { requestJson } from '@/web/lib/http';
import { maskShelf, type MaskShelf } from './mask-shelf';
import type { PackedMask } from './packed';

/**
 * The signed-in person's masks saved by name for the open image, as the studio keeps them
 * (`/studio-api/masks`): the same from any browser, and only theirs.
 */
interface SavedMasksState {
  /** The image the list is of. */
  image: string | null;
  /** Newest first. */
  masks: SavedMask[];
  /** Why the list could not be read, or null. */
  error: string | null;
}

export const useSavedMasks = create<SavedMasksState>(() => ({
  image: null,
  masks: [],
  error: null,
}));

const MASKS = '/studio-api/masks';
const at = (image: string, name?: string) =>
  `${MASKS}?${new URLSearchParams(name === undefined ? { image } : { image, name }).toString()}`;

const sentence = (e: unknown): string => {
  const { title, hint } = describeError(e);
  return hint ? `${title} ${hint}` : title;
};

const post = (image: string, name: string, mask: PackedMask) =>
  requestJson(MASKS, 'savedMask', { method: 'POST', body: { image, name, mask } });

/**
 * Masks saved by name in this browser before the studio kept them move to the studio,
 * oldest first, and leave the browser once it has each; one the studio refuses (or a
 * studio out of reach) stays here and is tried again on the next load.
 */
async function browserMasksMoved(shelf: MaskShelf = maskShelf()): Promise<void> {
  for (const s of shelf.savedHere()) {
    try {
      await post(s.image, s.name, s.mask);
      shelf.remove(s.image, s.name);
    } catch {
      // Kept in the browser for the next try.
    }
  }
}

/** Reads the person's saved masks of `image` (after moving this browser's own there). */
export async function savedMasksLoaded(image: string, shelf?: MaskShelf): Promise<void> {
  if (useSavedMasks.getState().image !== image) {
    useSavedMasks.setState({ image, masks: [], error: null });
  }
  await browserMasksMoved(shelf);
  try {
    const { masks } = await requestJson(at(image), 'savedMasks');
    if (useSavedMasks.getState().image === image) useSavedMasks.setState({ masks, error: null });
  } catch (e) {
    if (useSavedMasks.getState().image === image) {
      useSavedMasks.setState({ error: `The saved masks could not be read. ${sentence(e)}` });
    }
  }
}

/** Saves (or replaces, by name) a mask of the image; an error message, or null. */
export async function maskSaved(
  image: string,
  name: string,
  mask: PackedMask,
): Promise<string | null> {
  try {
    await post(image, name, mask);
  } catch (e) {
    return sentence(e);
  }
  await savedMasksLoaded(image);
  return null;
}

/** Deletes one of the person's masks of the image; an error message, or null. */
export async function maskDeleted(image: string, name: string): Promise<string | null> {
  try {
    await requestJson(at(image, name), 'savedMaskDeleted', { method: 'DELETE' });
  } catch (e) {
    return sentence(e);
  }
  await savedMasksLoaded(image);
  return null;
}
