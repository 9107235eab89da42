import { isDraft, parsePrompt } from '@/contract/prompt-flags';
import type { Job } from '@/contract/studio-api';
import type { TaskType } from '@/contract/task';
import { PAN_DIRECTION_OF_CODE } from './grid-action';

/** The params a job was created with; older jobs have none (null, or absent). */
type CreateParams = Job['params'];

const num = (params: CreateParams, key: string): number | undefined => {
  const v = params?.[key];
  return typeof v === 'number' ? v : undefined;
};

const UPSCALE_MODES = ['subtle', 'creative', '2×', '4×'];
const withMode = (name: string, mode: string | undefined) => (mode ? `${name} (${mode})` : name);
/** `2×`, `1.5×`: scales as people say them. */
const times = (scale: number) => `${Number(scale.toFixed(2))}×`;

const PLAIN: Partial<Record<TaskType, string>> = {
  reroll: 'Reroll',
  inpaint: 'Vary region',
  edit: 'Edit',
  enhance: 'Enhance',
  upload_paint: 'Upload and paint',
  retexture: 'Retexture',
  remove_background: 'Remove background',
  shorten: 'Shorten prompt',
  describe: 'Describe image',
  extend_video: 'Extend video',
  video_upscale: 'Upscale video',
  enhance_upscale: 'Enhance upscale',
};

function imageTitle(job: Job, params: CreateParams): string | null {
  switch (job.operation) {
    case 'diffusion':
      return isDraft(parsePrompt(job.prompt)) ? 'Draft batch' : 'Imagine';
    case 'upscale': {
      const type = num(params, 'type');
      return withMode('Upscale', type === undefined ? undefined : UPSCALE_MODES[type]);
    }
    case 'variation': {
      const type = num(params, 'type');
      return withMode('Vary', type === undefined ? undefined : type === 1 ? 'strong' : 'subtle');
    }
    case 'remix': {
      const mode = num(params, 'mode');
      return withMode('Remix', mode === undefined ? undefined : mode === 1 ? 'subtle' : 'strong');
    }
    case 'outpaint': {
      const scale = num(params, 'scale');
      return scale === undefined ? 'Zoom out' : `Zoom out ${times(scale)}`;
    }
    case 'pan': {
      const dir = num(params, 'direction');
      const name = dir === undefined ? undefined : PAN_DIRECTION_OF_CODE[dir];
      return name ? `Pan ${name}` : 'Pan';
    }
    default:
      return null;
  }
}

function otherTitle(job: Job, params: CreateParams): string {
  switch (job.operation) {
    case 'blend': {
      const urls = params?.imgUrls;
      return Array.isArray(urls) ? `Blend of ${urls.length} images` : 'Blend';
    }
    case 'video_diffusion': {
      const name = job.parentId === null ? 'Image URL to video' : 'Animate';
      const type = num(params, 'videoType');
      return type === undefined ? name : `${name} (${type === 1 ? '720p' : '480p'})`;
    }
    default:
      return PLAIN[job.operation] ?? job.operation;
  }
}

/**
 * What a job is, in words: "Upscale (subtle)", "Zoom out 2×", "Pan left", from the params
 * the studio API sends with it; a job created before it kept them gets the operation's
 * plain name ("Pan"). The lineage link beside it says what it was made from ("from
 * diffusion · U2").
 */
export const jobTitle = (job: Job): string =>
  imageTitle(job, job.params) ?? otherTitle(job, job.params);
