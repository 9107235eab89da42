import { z } from 'zod';
import { followUp, gridIndex, intChoice, numberBetween, prompt } from './common';

export const PAN_DIRECTIONS = [0, 1, 2, 3] as const;
export const PAN_DIRECTION_NAMES = ['down', 'right', 'up', 'left'] as const;

export const panRequestSchema = z.object({
  ...followUp,
  imageNo: gridIndex(),
  direction: intChoice(PAN_DIRECTIONS, PAN_DIRECTION_NAMES),
  scale: numberBetween(1.1, 3.0),
  remixPrompt: prompt().optional(),
});
export type PanRequest = z.infer<typeof panRequestSchema>;
