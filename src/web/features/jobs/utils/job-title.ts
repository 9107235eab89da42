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

type Titler = (job: Job, params: CreateParams) => string;
/** A task type whose title is its name, whatever its params. */
function plain(name: string): Titler {
  return () => name;
}

/** One entry per task type, so a new type is a type error here until it has a title. */
const TITLES: Record<TaskType, Titler> = {
  diffusion: (job) => (isDraft(parsePrompt(job.prompt)) ? 'Draft batch' : 'Imagine'),
  upscale: (_, params) => {
    const type = num(params, 'type');
    return withMode('Upscale', type === undefined ? undefined : UPSCALE_MODES[type]);
  },
  variation: (_, params) => {
    const type = num(params, 'type');
    return withMode('Vary', type === undefined ? undefined : type === 1 ? 'strong' : 'subtle');
  },
  remix: (_, params) => {
    const mode = num(params, 'mode');
    return withMode('Remix', mode === undefined ? undefined : mode === 1 ? 'subtle' : 'strong');
  },
  outpaint: (_, params) => {
    const scale = num(params, 'scale');
    return scale === undefined ? 'Zoom out' : `Zoom out ${times(scale)}`;
  },
  pan: (_, params) => {
    const dir = num(params, 'direction');
    const name = dir === undefined ? undefined : PAN_DIRECTION_OF_CODE[dir];
    return name ? `Pan ${name}` : 'Pan';
  },
  blend: (_, params) => {
    const urls = params?.imgUrls;
    return Array.isArray(urls) ? `Blend of ${urls.length} images` : 'Blend';
  },
  video_diffusion: (job, params) => {
    const name = job.parentId === null ? 'Image URL to video' : 'Animate';
    const type = num(params, 'videoType');
    return type === undefined ? name : `${name} (${type === 1 ? '720p' : '480p'})`;
  },
  reroll: plain('Reroll'),
  inpaint: plain('Vary region'),
  edit: plain('Edit'),
  enhance: plain('Enhance'),
  upload_paint: plain('Upload and paint'),
  retexture: plain('Retexture'),
  remove_background: plain('Remove background'),
  shorten: plain('Shorten prompt'),
  describe: plain('Describe image'),
  extend_video: plain('Extend video'),
  video_upscale: plain('Upscale video'),
  enhance_upscale: plain('Enhance upscale'),
};

/**
 * What a job is, in words: "Upscale (subtle)", "Zoom out 2×", "Pan left", from the params
 * the studio API sends with it; a job created before it kept them gets the operation's
 * plain name ("Pan"). The lineage link beside it says what it was made from ("from
 * diffusion · U2").
 */
export const jobTitle = (job: Job): string => TITLES[job.operation](job, job.params);
