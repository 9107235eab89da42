import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../operations';
import { IMG, MINIMAL, UUID, accept, reject, urlOfLength } from './test-helpers';

const schemaOf = (name: OperationName) => OPERATIONS[name].schema;

describe('indexes', () => {
  const INDEXES: [OperationName, string, number][] = [
    ['upscale', 'imageNo', 23],
    ['variation', 'imageNo', 23],
    ['enhance', 'imageNo', 23],
    ['remix', 'imageNo', 3],
    ['inpaint', 'imageNo', 3],
    ['edit', 'imageNo', 3],
    ['outpaint', 'imageNo', 3],
    ['pan', 'imageNo', 3],
    ['video-diffusion', 'imageNo', 3],
    ['extend-video', 'videoNo', 3],
    ['video-upscale', 'videoNo', 3],
    ['enhance-upscale', 'imageNo', 3],
  ];

  it.each(INDEXES)('%s.%s: 0 to %i, inclusive', (name, field, max) => {
    const schema = schemaOf(name);
    const body = name === 'enhance-upscale' ? { jobId: UUID } : MINIMAL[name];
    for (const ok of [0, 1, max]) {
      expect(accept(schema, { ...body, [field]: ok })).toMatchObject({ [field]: ok });
    }
    for (const bad of [max + 1, -1, 1.5, '0', null]) {
      expect(reject(schema, { ...body, [field]: bad })).toBe(
        `${field}: must be an integer between 0 and ${max}`,
      );
    }
  });
});

describe('integer enums', () => {
  const ENUMS: [OperationName, string, number[], string][] = [
    ['upscale', 'type', [0, 1, 2, 3], '0 (subtle), 1 (creative), 2 (v5 2x), 3 (v5 4x)'],
    ['variation', 'type', [0, 1], '0 (subtle), 1 (strong)'],
    ['remix', 'mode', [0, 1], '0 (strong), 1 (subtle)'],
    ['video-diffusion', 'videoType', [0, 1], '0 (480p), 1 (720p)'],
    ['pan', 'direction', [0, 1, 2, 3], '0 (down), 1 (right), 2 (up), 3 (left)'],
  ];

  it.each(ENUMS)('%s.%s accepts %j only', (name, field, values, listed) => {
    const schema = schemaOf(name);
    for (const v of values) {
      expect(accept(schema, { ...MINIMAL[name], [field]: v })).toMatchObject({ [field]: v });
    }
    for (const bad of [values.length, -1, 0.5, '0', true, null]) {
      expect(reject(schema, { ...MINIMAL[name], [field]: bad })).toBe(
        `${field}: must be one of ${listed}`,
      );
    }
  });

  it('pan direction is a number: the string "up" is refused', () => {
    expect(reject(schemaOf('pan'), { ...MINIMAL.pan, direction: 'up' })).toMatch(
      /^direction: must be one of 0 \(down\)/,
    );
  });
});

describe('scales', () => {
  const SCALES: [OperationName, number, number, number[]][] = [
    ['pan', 1.1, 3.0, [1.09, 3.01, 1, 0, -2]],
    ['outpaint', 1.1, 2.0, [1.09, 2.01, 1, 3]],
  ];

  it.each(SCALES)('%s.scale: %d to %d, edges inclusive', (name, min, max, bad) => {
    const schema = schemaOf(name);
    for (const ok of [min, (min + max) / 2, max]) {
      expect(accept(schema, { ...MINIMAL[name], scale: ok })).toMatchObject({ scale: ok });
    }
    for (const b of [...bad, '1.5', null]) {
      expect(reject(schema, { ...MINIMAL[name], scale: b })).toBe(
        `scale: must be a number between ${min} and ${max}`,
      );
    }
  });

  it('pan requires scale (docs/service-interface.md#request-fields), outpaint too', () => {
    const { scale: _p, ...pan } = MINIMAL.pan;
    const { scale: _o, ...outpaint } = MINIMAL.outpaint;
    expect(reject(schemaOf('pan'), pan)).toMatch(/^scale: is required/);
    expect(reject(schemaOf('outpaint'), outpaint)).toMatch(/^scale: is required/);
  });
});

describe('blend', () => {
  const schema = schemaOf('blend');

  it('takes 2 to 5 imgUrls', () => {
    for (let n = 2; n <= 5; n++) accept(schema, { imgUrls: Array<string>(n).fill(IMG) });
    for (const n of [0, 1, 6]) {
      expect(reject(schema, { imgUrls: Array<string>(n).fill(IMG) })).toBe(
        'imgUrls: must be a list of 2 to 5 image URLs',
      );
    }
    expect(reject(schema, { imgUrls: IMG })).toBe('imgUrls: must be a list of 2 to 5 image URLs');
  });

  it('aspect_ratio is one of 2:3, 1:1, 3:2', () => {
    for (const ar of ['2:3', '1:1', '3:2']) {
      expect(accept(schema, { ...MINIMAL.blend, aspect_ratio: ar })).toMatchObject({
        aspect_ratio: ar,
      });
    }
    for (const ar of ['16:9', '1:2', '', 1]) {
      expect(reject(schema, { ...MINIMAL.blend, aspect_ratio: ar })).toBe(
        'aspect_ratio: must be one of "2:3", "1:1", "3:2"',
      );
    }
  });
});

describe('jobId', () => {
  const FOLLOW_UPS = [
    'upscale',
    'variation',
    'remix',
    'reroll',
    'inpaint',
    'outpaint',
    'pan',
    'edit',
    'enhance',
    'video-diffusion',
    'extend-video',
    'video-upscale',
    'enhance-upscale',
  ] as const;
  const NOT_UUIDS = [
    'not-a-uuid',
    '',
    'AbCdEfGh1234', // a studio handle must never reach the service
    '3f2b8c1e9a4d4e6f8b2a1c3d5e7f9a0b',
    '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0',
    '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0bb',
    'zf2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    ` ${UUID}`,
  ];

  it.each(FOLLOW_UPS)('%s: must be UUID-shaped', (name) => {
    const schema = schemaOf(name);
    const body = name === 'enhance-upscale' ? { jobId: UUID, imageNo: 0 } : MINIMAL[name];
    accept(schema, { ...body, jobId: UUID.toUpperCase() });
    for (const jobId of NOT_UUIDS) {
      expect(reject(schema, { ...body, jobId })).toMatch(
        /^jobId: must be the job_id \(a UUID\) of a completed task/,
      );
    }
    expect(reject(schema, { ...body, jobId: 42 })).toMatch(/^jobId: /);
  });
});

describe('enhance-upscale', () => {
  const schema = schemaOf('enhance-upscale');

  it('image_url: http(s), at most 2048 characters', () => {
    accept(schema, { image_url: urlOfLength(2048) });
    const too = 'image_url: must be an http:// or https:// URL of at most 2048 characters';
    expect(reject(schema, { image_url: urlOfLength(2049) })).toBe(too);
    expect(reject(schema, { image_url: 'ftp://cdn.example.com/a.png' })).toBe(too);
    expect(reject(schema, { image_url: 'javascript:alert(1)' })).toBe(too);
  });

  it('needs image_url or jobId with imageNo', () => {
    accept(schema, { jobId: UUID, imageNo: 3 });
    accept(schema, { image_url: IMG, jobId: UUID, imageNo: 0 });
    expect(reject(schema, {})).toBe('image_url: is required unless jobId and imageNo are given');
    expect(reject(schema, { imageNo: 0 })).toMatch(/^image_url: is required/);
    expect(reject(schema, { jobId: UUID })).toBe(
      'imageNo: is required with jobId (an integer between 0 and 3)',
    );
  });

  const ENUMS: [string, string[], unknown[]][] = [
    [
      'aspect_ratio',
      ['keep', '1:1', '16:9', '9:16', '4:5', '5:4', '3:2', '2:3', '4:3', '3:4'],
      ['21:9', 'Keep'],
    ],
    ['content_type', ['photo', 'illustration', 'text', 'low_res', 'standard'], ['video', 'Photo']],
    ['crop_mode', ['letterbox', 'crop'], ['fill']],
    ['face_enhancement_level', ['off', 'none', 'subtle', 'moderate', 'strong'], ['max']],
    ['output_format', ['jpeg', 'jpg', 'png', 'tiff', 'tif'], ['webp', 'PNG']],
    ['target_resolution', ['HD', 'FHD', '2K', '4K', '6K', '8K', '12K'], ['5K', '4k', 4]],
  ];

  it.each(ENUMS)('%s accepts its values only', (field, values, bad) => {
    for (const v of values) {
      expect(accept(schema, { image_url: IMG, [field]: v })).toMatchObject({ [field]: v });
    }
    for (const b of [...bad, '']) {
      expect(reject(schema, { image_url: IMG, [field]: b })).toBe(
        `${field}: must be one of ${values.join(', ')}`,
      );
    }
  });

  it('notify_progress is a boolean; webhook settings are strings', () => {
    const body = {
      image_url: IMG,
      notify_progress: true,
      webhook_endpoint: 'https://hooks.example.com/p',
      webhook_schema: 'v1',
      webhook_secret: 's3cret',
    };
    expect(accept(schema, body)).toEqual(body);
    expect(reject(schema, { image_url: IMG, notify_progress: 'yes' })).toBe(
      'notify_progress: must be true or false',
    );
  });
});
