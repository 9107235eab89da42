import { describe, expect, it } from 'vitest';
import { titleOf } from '../create-job';
import { type OperationName, OPERATIONS } from '../operations';
import { FLAG_RANGES, FLAG_SPECS, VIDEO_MOTIONS } from '../prompt-flags';
import { BLEND_ASPECT_RATIOS, BLEND_IMAGES } from './blend';
import {
  PAN_DIRECTION_NAMES,
  REMIX_MODES,
  UPSCALE_MODES,
  UPSCALE_TYPE_NAMES,
  VARIATION_STRENGTHS,
  VIDEO_RESOLUTIONS,
} from './choices';
import { MINIMAL, accept, reject } from './test-helpers';

/*
 * Each named value list is the one source of its field: the schema takes exactly its codes
 * (each name's place in the list) and a job's title says the name at the code.
 */

/** A follow-up's title: it names a parent. */
const JOB = { hasParent: true, prompt: '' };

const rejects = (schema: Parameters<typeof reject>[0], body: unknown, field: string) =>
  expect(reject(schema, body)).toMatch(new RegExp(`^${field}\\b`));

describe('the coded value lists', () => {
  it.each<[OperationName, string, readonly string[], (name: string) => string]>([
    ['upscale', 'type', UPSCALE_TYPE_NAMES, (n) => `Upscale (${n})`],
    ['variation', 'type', VARIATION_STRENGTHS, (n) => `Vary (${n})`],
    ['remix', 'mode', REMIX_MODES, (n) => `Remix (${n})`],
    ['pan', 'direction', PAN_DIRECTION_NAMES, (n) => `Pan ${n}`],
    ['video-diffusion', 'videoType', VIDEO_RESOLUTIONS, (n) => `Animate (${n})`],
  ])('%s %s: the codes of its names, and no other', (operation, field, names, title) => {
    const schema = OPERATIONS[operation].schema;
    const body = (code: number) => ({ ...MINIMAL[operation], [field]: code });
    names.forEach((name, code) => {
      expect(accept(schema, body(code))).toMatchObject({ [field]: code });
      expect(titleOf(operation, body(code), JOB)).toBe(title(name));
    });
    for (const code of [-1, names.length, 0.5]) rejects(schema, body(code), field);
  });

  it('the upscale modes people choose are the first codes, the v5 resizes after them', () => {
    expect(UPSCALE_TYPE_NAMES.slice(0, UPSCALE_MODES.length)).toEqual([...UPSCALE_MODES]);
  });
});

describe('the other value lists', () => {
  it('blend takes each of its aspect ratios and its image counts, and no other', () => {
    const schema = OPERATIONS.blend.schema;
    const urls = (n: number) => Array.from({ length: n }, () => 'https://x.example/a.png');
    for (const aspect_ratio of BLEND_ASPECT_RATIOS) {
      accept(schema, { imgUrls: urls(2), aspect_ratio });
    }
    rejects(schema, { imgUrls: urls(2), aspect_ratio: '16:9' }, 'aspect_ratio');
    accept(schema, { imgUrls: urls(BLEND_IMAGES.min) });
    accept(schema, { imgUrls: urls(BLEND_IMAGES.max) });
    rejects(schema, { imgUrls: urls(BLEND_IMAGES.min - 1) }, 'imgUrls');
    rejects(schema, { imgUrls: urls(BLEND_IMAGES.max + 1) }, 'imgUrls');
  });

  it('every number flag has its range, and --motion takes the video motions', () => {
    const numbers = FLAG_SPECS.flatMap((s) =>
      s.kind === 'number' ? [[s.name, { min: s.min, max: s.max, step: s.step }]] : [],
    );
    expect(Object.fromEntries(numbers)).toEqual(FLAG_RANGES);
    const motion = FLAG_SPECS.find((s) => s.name === 'motion');
    expect(motion?.kind === 'choice' ? motion.values : []).toEqual(VIDEO_MOTIONS);
  });
});
