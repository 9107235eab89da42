import { z } from 'zod';
import type { SettingDoc } from '@/server/settings';

const RANGE = 'must be an integer between 1 and 10000';

/** The settings of the studio's create queue (`config.ts` takes them in with the others). */
export const queueConfigShape = {
  /**
   * The most jobs the studio keeps in flight at the service; creates beyond wait in the
   * studio's queue. Unset: as many as the service takes.
   */
  maxRunning: z.coerce
    .number({ error: RANGE })
    .int({ error: RANGE })
    .min(1, { error: RANGE })
    .max(10_000, { error: RANGE })
    .optional(),
};

/** Their variables and meanings, in the order `--help` and README.md list them. */
export const QUEUE_SETTINGS = {
  maxRunning: {
    env: 'STUDIO_MAX_RUNNING',
    defaultText: 'as many as the service takes',
    meaning:
      'the most jobs the studio keeps running at the service; further creates wait in the studio’s queue, in order',
  },
} as const satisfies Record<keyof typeof queueConfigShape, SettingDoc>;
