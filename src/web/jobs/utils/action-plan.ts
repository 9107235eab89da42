import type { AvailableActions, TaskType } from '@/contract/task';

/** What a per-image menu can offer; each becomes one or more menu items. */
export type MenuCapability =
  | 'upscale'
  | 'variation'
  | 'enhance'
  | 'remix'
  | 'zoom'
  | 'pan'
  | 'vary-region'
  | 'edit'
  | 'reuse-mask'
  | 'animate';

export interface ImageActionPlan {
  /** U buttons under the grid, by image index. */
  upscaleRow: number[];
  /** V buttons under the grid. */
  varyRow: number[];
  reroll: boolean;
  /** Per image (index = image index): what its "More actions" menu holds; [] means no menu. */
  menus: MenuCapability[][];
}

export interface PlanOptions {
  /** The canvas editor exists (issue 6); until then Vary region and Edit are not offered. */
  canvasEditorAvailable: boolean;
}

/** Above this many images a job is a draft batch: thumbnails, every action in the menus. */
const GRID_MAX = 4;
/** Image-to-video takes `imageNo` 0 to 3 of a grid or a single image, never of a batch. */
const ANIMATE_MAX_INDEX = 3;

const sorted = (xs: readonly number[] | undefined, count: number): number[] =>
  [...new Set(xs ?? [])].filter((i) => i >= 0 && i < count).sort((a, b) => a - b);

const listed = (xs: readonly number[] | undefined, i: number): boolean => xs?.includes(i) ?? false;

/**
 * How a result of this job opens with the mask the job was sent with: a vary region's
 * results in Vary region, an edit's in Edit; null for any other job.
 */
export const reuseMaskMode = (operation: TaskType): 'inpaint' | 'edit' | null =>
  operation === 'inpaint' || operation === 'edit' ? operation : null;

function menuFor(
  actions: AvailableActions,
  i: number,
  batch: boolean,
  options: PlanOptions,
  reuse: 'inpaint' | 'edit' | null,
): MenuCapability[] {
  const menu: MenuCapability[] = [];
  // A batch has no U/V rows (24 buttons each would not say which image they mean).
  if (batch && listed(actions.upscale, i)) menu.push('upscale');
  if (batch && listed(actions.variation, i)) menu.push('variation');
  if (listed(actions.enhance, i)) menu.push('enhance');
  if (listed(actions.remix, i)) menu.push('remix');
  if (listed(actions.outpaint, i)) menu.push('zoom');
  if (listed(actions.pan, i)) menu.push('pan');
  if (options.canvasEditorAvailable && listed(actions.inpaint, i)) menu.push('vary-region');
  if (options.canvasEditorAvailable && listed(actions.edit, i)) menu.push('edit');
  if (options.canvasEditorAvailable && reuse && listed(actions[reuse], i)) menu.push('reuse-mask');
  if (!batch && i <= ANIMATE_MAX_INDEX) menu.push('animate');
  return menu;
}

/**
 * Which actions render for a finished image job: only what `available_actions` lists for
 * each image (the service refuses the rest), plus image-to-video, which the service allows
 * on any image of a grid or a single image and does not list.
 */
export function imageActionPlan(
  actions: AvailableActions,
  imageCount: number,
  options: PlanOptions,
  /** The job's operation: results of a vary region or edit can reuse its mask. */
  operation?: TaskType,
): ImageActionPlan {
  const reuse = operation ? reuseMaskMode(operation) : null;
  const batch = imageCount > GRID_MAX;
  return {
    upscaleRow: batch ? [] : sorted(actions.upscale, imageCount),
    varyRow: batch ? [] : sorted(actions.variation, imageCount),
    reroll: actions.reroll === true,
    menus: Array.from({ length: imageCount }, (_, i) => menuFor(actions, i, batch, options, reuse)),
  };
}

/** Clip actions: a video task's clips can be extended and upscaled, an upscaled one not. */
export function videoActionsAvailable(operation: TaskType): { extend: boolean; upscale: boolean } {
  const source = operation === 'video_diffusion' || operation === 'extend_video';
  return { extend: source, upscale: source };
}
