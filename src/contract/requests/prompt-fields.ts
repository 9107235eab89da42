/**
 * The field of each operation's params that holds the prompt the job is known by; null
 * where it has none. Each operation's spec names its own from here, and the browser reads
 * it without the specs' schemas (`create-request.ts`).
 */
export const PROMPT_FIELDS = {
  diffusion: 'text',
  blend: null,
  describe: null,
  shorten: 'prompt',
  upscale: null,
  variation: 'remixPrompt',
  remix: 'remixPrompt',
  reroll: null,
  inpaint: 'remixPrompt',
  outpaint: 'remixPrompt',
  pan: 'remixPrompt',
  edit: 'remixPrompt',
  retexture: 'remixPrompt',
  'upload-paint': 'remixPrompt',
  'remove-background': null,
  enhance: null,
  'video-diffusion': 'prompt',
  'extend-video': 'prompt',
  'video-upscale': null,
  'enhance-upscale': null,
} as const;
