import type {
  AvailableActions,
  ImageOutput,
  TaskOutput,
  TextOutput,
  VideoOutput,
} from '../../contract/task';
import type { StoredOutput } from '../db/stored-output';

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

const fileUrl = (publicUrl: string, file: string): string => `${publicUrl}/files/${file}`;

/** The contract's output, with absolute URLs built from the current public URL. */
export function toTaskOutput(stored: StoredOutput, publicUrl: string): TaskOutput {
  if (stored.kind === 'text') {
    const { kind: _kind, ...text } = stored;
    return text satisfies TextOutput;
  }
  if (stored.kind === 'videos') {
    const video_urls = stored.videos.map((v) => fileUrl(publicUrl, v.file));
    return { video_urls, seed: stored.seed } satisfies VideoOutput;
  }
  const urls = stored.images.map((img) => fileUrl(publicUrl, img.file));
  const main = stored.grid ? fileUrl(publicUrl, stored.grid.file) : (urls[0] ?? '');
  const out: ImageOutput = {
    image_url: main,
    image_urls: urls,
    seed: stored.seed,
    available_actions: stored.actions,
  };
  return out;
}
