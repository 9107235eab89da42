import * as z from 'zod/mini';
import { HTTP_URL_RE } from '../urls';
import { CANVAS_SIDE_MAX, MASK_SIDE_MAX, MASK_SIDE_MIN, PROMPT_MAX, URL_MAX } from './limits';
import type { CodesOf } from './choices';

/**
 * Field builders shared by the request schemas. Every message names what is allowed, so
 * `formatIssues` can prefix the field path and give the user one readable sentence.
 */
type Issue = { input?: unknown };
const say = (allowed: string) => (iss: Issue) =>
  iss.input === undefined ? `is required (${allowed})` : `must be ${allowed}`;

const intBetween = (min: number, max: number) => {
  const allowed = `an integer between ${min} and ${max}`;
  return z
    .number({ error: say(allowed) })
    .check(z.int({ error: `must be ${allowed}` }))
    .check(z.minimum(min, { error: `must be ${allowed}` }))
    .check(z.maximum(max, { error: `must be ${allowed}` }));
};

export const numberBetween = (min: number, max: number) => {
  const allowed = `a number between ${min} and ${max}`;
  return z
    .number({ error: say(allowed) })
    .check(z.minimum(min, { error: `must be ${allowed}` }))
    .check(z.maximum(max, { error: `must be ${allowed}` }));
};

/**
 * A choice the service takes as an integer code and people know by name: each name in
 * `names` stands at its code (`['subtle', 'creative']`: `type` 0 subtle, 1 creative). The
 * message lists each code with its name.
 */
export const intChoice = <const N extends readonly [string, ...string[]]>(names: N) => {
  const codes = names.map((_, code) => code) as CodesOf<N>;
  const allowed = `one of ${names.map((name, code) => `${code} (${name})`).join(', ')}`;
  // A literal set (not a refined number) so the generated JSON Schema lists the values.
  return z.literal(codes, { error: say(allowed) });
};

export const prompt = (max = PROMPT_MAX) => {
  const allowed = `a string of 1 to ${max} characters`;
  return z
    .string({ error: say(allowed) })
    .check(z.minLength(1, { error: `must be ${allowed}` }))
    .check(z.maxLength(max, { error: `must be ${allowed}` }));
};

export const httpUrl = (max = URL_MAX) => {
  const allowed = `an http:// or https:// URL of at most ${max} characters`;
  return z
    .string({ error: say(allowed) })
    .check(z.maxLength(max, { error: `must be ${allowed}` }))
    .check(z.regex(HTTP_URL_RE, { error: `must be ${allowed}` }));
};

export const imgUrl = () => httpUrl(URL_MAX);

// Case-insensitive by its classes rather than a flag, which JSON Schema patterns lack.
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
export const jobId = () =>
  z
    .string({ error: say('the job_id (a UUID) of a completed task') })
    .check(z.regex(UUID_RE, { error: 'must be the job_id (a UUID) of a completed task' }));

/** Optional on every create; empty means "no callback, the client polls". */
const callback = () =>
  z.union([z.literal(''), httpUrl(URL_MAX)], {
    error: 'must be an http:// or https:// URL, or empty',
  });

export const gridIndex = () => intBetween(0, 3);
export const batchIndex = () => intBetween(0, 23);

export const canvasSchema = z.object(
  {
    width: intBetween(1, CANVAS_SIDE_MAX),
    height: intBetween(1, CANVAS_SIDE_MAX),
  },
  { error: say('an object {width, height}') },
);

export const imgPosSchema = z.object(
  {
    width: intBetween(1, 8192),
    height: intBetween(1, 8192),
    x: intBetween(-8192, 8192),
    y: intBetween(-8192, 8192),
  },
  { error: say('an object {width, height, x, y}') },
);

const maskAreaSchema = z
  .object({
    width: intBetween(MASK_SIDE_MIN, MASK_SIDE_MAX),
    height: intBetween(MASK_SIDE_MIN, MASK_SIDE_MAX),
    points: z.array(z.number().check(z.int()), {
      error: say('a flat list of integer coordinates [x1, y1, x2, y2, ...]'),
    }),
  })
  .check(
    z.superRefine((area, ctx) => {
      const p = area.points;
      if (p.length < 6 || p.length % 2 !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['points'],
          message: 'must be a flat list of at least 3 points [x1, y1, x2, y2, x3, y3, ...]',
        });
        return;
      }
      for (let i = 0; i < p.length; i += 2) {
        const x = p[i] ?? -1;
        const y = p[i + 1] ?? -1;
        if (x < 0 || y < 0 || x > area.width || y > area.height) {
          ctx.addIssue({
            code: 'custom',
            path: ['points', i],
            message: `must lie inside the area (0 to ${area.width} by 0 to ${area.height}); point ${i / 2} is (${x}, ${y})`,
          });
          return;
        }
      }
    }),
  );
export type MaskArea = z.infer<typeof maskAreaSchema>;

export const maskSchema = z
  .object(
    {
      areas: z.optional(
        z
          .array(maskAreaSchema, { error: 'must be a list of polygon areas' })
          .check(z.minLength(1, { error: 'must hold at least one area' })),
      ),
      url: z.optional(httpUrl(URL_MAX)),
    },
    { error: say('an object with `areas` (polygons) or `url` (a mask image)') },
  )
  .check(
    z.refine((m) => (m.areas === undefined) !== (m.url === undefined), {
      error: 'must have exactly one of `areas` (polygons) or `url` (a mask image)',
    }),
  );
export type Mask = z.infer<typeof maskSchema>;

/**
 * Fields every create accepts. `notify_progress` is the interface's field for progress
 * notifications, named there for enhance-upscale only (docs/service-interface.md#callbacks);
 * the engine honours it on every operation as an extension: in-flight TaskResponses are
 * POSTed to `callback` only when it is true.
 */
export const base = {
  callback: z.optional(callback()),
  notify_progress: z.optional(z.boolean({ error: 'must be true or false' })),
};

/** Fields of every follow-up that names one image of a parent. */
export const followUp = { ...base, jobId: jobId() };
