import type { AvailableActions } from '../../../contract/task';

/** What a result offers as `available_actions`, by image index: the follow-ups it accepts. */
const GRID_ACTIONS = [
  'upscale',
  'variation',
  'remix',
  'inpaint',
  'outpaint',
  'pan',
  'edit',
] as const;

/** Every grid action on the given indexes, plus whether the prompt can be re-run. */
export function gridActions(indexes: readonly number[], reroll: boolean): AvailableActions {
  const actions: AvailableActions = {};
  for (const name of GRID_ACTIONS) actions[name] = [...indexes];
  actions.reroll = reroll;
  return actions;
}

/** A single image (an upscale): every grid action on index 0, nothing to re-roll. */
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
