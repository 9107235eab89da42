import { INDEXED_ACTIONS, type AvailableActions, type IndexedAction } from './task';

/**
 * The follow-ups each kind of image result lists in `available_actions`, as the service
 * lists them (docs/service-interface.md#available-actions): the engine writes them, the
 * studio shows exactly these. A grid lists every image action but `enhance`, which only a
 * draft batch offers.
 */
const GRID_ACTIONS = INDEXED_ACTIONS.filter(
  (a): a is Exclude<IndexedAction, 'enhance'> => a !== 'enhance',
);

/** A grid (4 images and a composite): every grid action on the given indexes. */
export function gridActions(indexes: readonly number[], reroll: boolean): AvailableActions {
  const actions: AvailableActions = {};
  for (const name of GRID_ACTIONS) actions[name] = [...indexes];
  actions.reroll = reroll;
  return actions;
}

/** A single image (an upscale, an enhance): every grid action on index 0, no reroll. */
export function singleActions(): AvailableActions {
  const actions: AvailableActions = {};
  for (const name of GRID_ACTIONS) actions[name] = [0];
  return actions;
}

/** A `--draft` batch can only be upscaled, varied or enhanced to full quality. */
export function draftActions(count: number): AvailableActions {
  const all = Array.from({ length: count }, (_, i) => i);
  return { upscale: all, variation: [...all], enhance: [...all] };
}

/** Each kind of image result, with an example of what it lists (for the studio's tests). */
export const IMAGE_RESULT_KINDS = {
  grid: { images: 4, actions: gridActions([0, 1, 2, 3], true) },
  'grid without reroll': { images: 4, actions: gridActions([0, 1, 2, 3], false) },
  single: { images: 1, actions: singleActions() },
  'draft batch': { images: 8, actions: draftActions(8) },
} as const;
