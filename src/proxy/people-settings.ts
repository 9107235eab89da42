import { z } from 'zod';
import { EMAIL_RE } from '@/contract/people';
import { TIME_ZONE_ERROR, isTimeZone } from '@/contract/spending';
import type { SettingDoc } from '@/server/settings';

/** The settings of the studio's people (`config.ts` takes them in with the others). */
export const peopleConfigShape = {
  /** The owner's email, made on the first start: they sign in with it and the password. */
  ownerEmail: z
    .string()
    .trim()
    .max(254, { error: 'must be at most 254 characters' })
    .regex(EMAIL_RE, { error: 'must be an email address, such as ana@example.com' })
    .default('owner@localhost'),
  /** The IANA time zone whose local days and months the budgets count. */
  timeZone: z.string().refine(isTimeZone, TIME_ZONE_ERROR).default('UTC'),
};

/** Their variables and meanings, in the order `--help` and README.md list them. */
export const PEOPLE_SETTINGS = {
  ownerEmail: {
    env: 'STUDIO_OWNER_EMAIL',
    meaning:
      'the email of the owner the first start makes (the owner signs in with it and `STUDIO_PASSWORD`)',
  },
  timeZone: {
    env: 'STUDIO_TIME_ZONE',
    meaning: 'the IANA time zone (`Europe/Berlin`) of the days and months budgets count',
  },
} as const satisfies Record<keyof typeof peopleConfigShape, SettingDoc>;
