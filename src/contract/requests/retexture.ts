import { z } from 'zod';
import { base, imgUrl, prompt } from './common';

export const retextureRequestSchema = z.object({
  ...base,
  imgUrl: imgUrl(),
  remixPrompt: prompt(),
});
export type RetextureRequest = z.infer<typeof retextureRequestSchema>;
