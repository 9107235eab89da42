import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../operations';
import { IMG, MINIMAL, UUID, accept, reject, urlOfLength } from './test-helpers';

const schemaOf = (name: OperationName) => OPERATIONS[name].schema;

describe('minimal bodies', () => {
  it('covers all 20 operations', () => {
    expect(OPERATION_NAMES).toHaveLength(20);
    expect(Object.keys(MINIMAL).sort()).toEqual([...OPERATION_NAMES].sort());
  });

  /** What a minimal body parses to: itself plus the documented defaults, nothing else. */
  const DEFAULTS: Partial<Record<OperationName, Record<string, unknown>>> = {
    upscale: { type: 0 },
    variation: { type: 0 },
    remix: { mode: 0 },
    'video-diffusion': { imageNo: 0, videoType: 0 },
    blend: { aspect_ratio: '1:1' },
  };

  it.each(OPERATION_NAMES)('%s: a minimal body parses, with its defaults', (name) => {
    expect(accept(schemaOf(name), MINIMAL[name])).toEqual({
      ...MINIMAL[name],
      ...DEFAULTS[name],
    });
  });

  it.each(OPERATION_NAMES)('%s: rejects a non-object body', (name) => {
    reject(schemaOf(name), null);
    reject(schemaOf(name), 'text');
  });

  it('an explicit value wins over the default', () => {
    expect(accept(schemaOf('upscale'), { ...MINIMAL.upscale, type: 1 })).toMatchObject({
      type: 1,
    });
    expect(accept(schemaOf('remix'), { ...MINIMAL.remix, mode: 1 })).toMatchObject({ mode: 1 });
    expect(
      accept(schemaOf('video-diffusion'), { jobId: UUID, imageNo: 2, videoType: 1 }),
    ).toMatchObject({ imageNo: 2, videoType: 1 });
    expect(accept(schemaOf('blend'), { ...MINIMAL.blend, aspect_ratio: '3:2' })).toMatchObject({
      aspect_ratio: '3:2',
    });
  });
});

describe('required fields', () => {
  const REQUIRED: Record<OperationName, string[]> = {
    diffusion: ['text'],
    blend: ['imgUrls'],
    describe: ['imgUrl'],
    shorten: ['prompt'],
    upscale: ['jobId', 'imageNo'],
    variation: ['jobId', 'imageNo'],
    remix: ['jobId', 'imageNo', 'remixPrompt'],
    reroll: ['jobId'],
    inpaint: ['jobId', 'imageNo', 'mask', 'remixPrompt'],
    outpaint: ['jobId', 'imageNo', 'scale'],
    pan: ['jobId', 'imageNo', 'direction', 'scale'],
    edit: ['jobId', 'imageNo', 'canvas', 'imgPos', 'remixPrompt'],
    retexture: ['imgUrl', 'remixPrompt'],
    'upload-paint': ['imgUrl', 'canvas', 'imgPos', 'mask', 'remixPrompt'],
    'remove-background': ['imgUrl'],
    enhance: ['jobId', 'imageNo'],
    // Without jobId the text-to-video form needs a prompt: the message names `prompt`.
    'video-diffusion': [],
    'extend-video': ['jobId', 'videoNo', 'prompt'],
    'video-upscale': ['jobId', 'videoNo'],
    // Without jobId+imageNo the image_url is required.
    'enhance-upscale': ['image_url'],
  };
  const cases = OPERATION_NAMES.flatMap((name) =>
    REQUIRED[name].map((field) => [name, field] as const),
  );

  it.each(cases)('%s without %s is rejected, naming the field', (name, field) => {
    const { [field]: _omitted, ...body } = MINIMAL[name];
    const message = reject(schemaOf(name), body);
    expect(message).toMatch(new RegExp(`(^|; )${field}: `));
  });

  it.each(OPERATION_NAMES)('%s: an empty body names every required field', (name) => {
    const message = reject(schemaOf(name), {});
    for (const field of REQUIRED[name]) expect(message).toContain(`${field}: `);
  });

  it('video-diffusion without jobId and prompt names prompt', () => {
    expect(reject(schemaOf('video-diffusion'), {})).toMatch(/^prompt: is required/);
  });

  it('optional fields may be left out: edit.mask; variation, outpaint and pan remixPrompt', () => {
    for (const name of ['variation', 'outpaint', 'pan'] as const) {
      expect(accept(schemaOf(name), MINIMAL[name])).not.toHaveProperty('remixPrompt');
    }
    expect(accept(schemaOf('edit'), MINIMAL.edit)).not.toHaveProperty('mask');
  });
});

describe('callback, on every operation', () => {
  it.each(OPERATION_NAMES)('%s: empty and http(s) callbacks pass, others are refused', (name) => {
    const schema = schemaOf(name);
    for (const callback of ['', 'https://hooks.example.com/cb?x=1', 'http://10.0.0.1:8080/cb']) {
      expect(accept(schema, { ...MINIMAL[name], callback })).toMatchObject({ callback });
    }
    for (const callback of ['not a url', 'ftp://hooks.example.com/cb', 'javascript:alert(1)', 7]) {
      expect(reject(schema, { ...MINIMAL[name], callback })).toMatch(/^callback: /);
    }
  });

  it('a callback over 1024 characters is refused', () => {
    const schema = schemaOf('diffusion');
    accept(schema, { text: 'a', callback: urlOfLength(1024) });
    expect(reject(schema, { text: 'a', callback: urlOfLength(1025) })).toMatch(/^callback: /);
  });
});

describe('prompt lengths: 1 to 8192 characters', () => {
  const PROMPT_FIELDS: [OperationName, string][] = [
    ['diffusion', 'text'],
    ['shorten', 'prompt'],
    ['variation', 'remixPrompt'],
    ['remix', 'remixPrompt'],
    ['inpaint', 'remixPrompt'],
    ['outpaint', 'remixPrompt'],
    ['pan', 'remixPrompt'],
    ['edit', 'remixPrompt'],
    ['retexture', 'remixPrompt'],
    ['upload-paint', 'remixPrompt'],
    ['video-diffusion', 'prompt'],
    ['extend-video', 'prompt'],
  ];

  it.each(PROMPT_FIELDS)('%s.%s: 1 and 8192 pass, 0 and 8193 are refused', (name, field) => {
    const schema = schemaOf(name);
    for (const n of [1, 8192]) {
      const value = 'x'.repeat(n);
      expect(accept(schema, { ...MINIMAL[name], [field]: value })).toMatchObject({
        [field]: value,
      });
    }
    for (const n of [0, 8193]) {
      const message = reject(schema, { ...MINIMAL[name], [field]: 'x'.repeat(n) });
      expect(message).toBe(`${field}: must be a string of 1 to 8192 characters`);
    }
  });

  it('counts characters, not words: 8192 spaces-and-flags is still fine', () => {
    const text = 'a --ar 16:9 '.repeat(682) + 'abcdefgh';
    expect(text).toHaveLength(8192);
    accept(schemaOf('diffusion'), { text });
  });

  it('a text-to-video prompt of 8192 characters with its image URL passes', () => {
    const prompt = `${IMG} ${'x'.repeat(8192 - IMG.length - 1)}`;
    expect(prompt).toHaveLength(8192);
    accept(schemaOf('video-diffusion'), { prompt });
    reject(schemaOf('video-diffusion'), { prompt: prompt + 'x' });
  });

  it('a prompt must be a string', () => {
    expect(reject(schemaOf('diffusion'), { text: 42 })).toMatch(/^text: must be a string/);
  });
});

describe('image URLs: http(s), at most 1024 characters', () => {
  const URL_FIELDS: [OperationName, string][] = [
    ['describe', 'imgUrl'],
    ['remove-background', 'imgUrl'],
    ['retexture', 'imgUrl'],
    ['upload-paint', 'imgUrl'],
  ];

  it.each(URL_FIELDS)('%s.%s: 1024 passes, 1025 is refused', (name, field) => {
    const schema = schemaOf(name);
    expect(urlOfLength(1024)).toHaveLength(1024);
    accept(schema, { ...MINIMAL[name], [field]: urlOfLength(1024) });
    const message = reject(schema, { ...MINIMAL[name], [field]: urlOfLength(1025) });
    expect(message).toBe(`${field}: must be an http:// or https:// URL of at most 1024 characters`);
  });

  const BAD = [
    'ftp://cdn.example.com/a.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:image/png;base64,AAAA',
    'cdn.example.com/a.png',
    'https://',
    'https://cdn.example.com/a b.png',
    '',
  ];
  it.each(URL_FIELDS)('%s.%s: other schemes and malformed URLs are refused', (name, field) => {
    for (const bad of BAD) {
      expect(reject(schemaOf(name), { ...MINIMAL[name], [field]: bad })).toMatch(
        new RegExp(`^${field}: must be an http:// or https:// URL`),
      );
    }
  });

  it('http and upper-case schemes pass', () => {
    accept(schemaOf('describe'), { imgUrl: 'http://cdn.example.com/a.png' });
    accept(schemaOf('describe'), { imgUrl: 'HTTPS://cdn.example.com/a.png' });
  });

  it('blend checks each of its imgUrls, naming the index', () => {
    const schema = schemaOf('blend');
    accept(schema, { imgUrls: [urlOfLength(1024), IMG] });
    expect(reject(schema, { imgUrls: [IMG, urlOfLength(1025)] })).toMatch(/^imgUrls\[1\]: /);
    expect(reject(schema, { imgUrls: [IMG, 'file:///a.png'] })).toMatch(/^imgUrls\[1\]: /);
  });
});
