import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/contract/operations';
import {
  blendCreate,
  describeCreate,
  removeBackgroundCreate,
  retextureCreate,
  shortenCreate,
  textToVideoCreate,
} from './tool-params';
import { uploadProblem } from '@/web/lib/uploads/upload-check';

const IMG = 'https://cdn.example.com/a.png';

describe('tool creates', () => {
  it('build bodies the contract accepts, trimmed', () => {
    const checks = [
      describeCreate(` ${IMG} `),
      shortenCreate(' a very long prompt about a lighthouse '),
      blendCreate([IMG, IMG, IMG], '3:2'),
      retextureCreate(IMG, 'made of glass'),
      removeBackgroundCreate(IMG),
      textToVideoCreate(IMG, 'the camera pushes in', '720p', 'high'),
    ];
    for (const { body, issues } of checks) {
      expect(issues).toBeNull();
      const name = body.operation;
      expect(OPERATIONS[name].schema.safeParse(body.params).success).toBe(true);
    }
    expect(checks[0]?.body).toEqual({ operation: 'describe', params: { imgUrl: IMG } });
    expect(checks[2]?.body.params).toEqual({ imgUrls: [IMG, IMG, IMG], aspect_ratio: '3:2' });
    expect(checks[5]?.body).toEqual({
      operation: 'video-diffusion',
      params: { prompt: `${IMG} the camera pushes in --motion high`, videoType: 1 },
    });
  });

  it('name the field that is wrong, with the contract message', () => {
    expect(describeCreate('').issues).toEqual({
      imgUrl: ['must be an http:// or https:// URL of at most 1024 characters'],
    });
    expect(shortenCreate('  ').issues).toEqual({
      prompt: ['must be a string of 1 to 8192 characters'],
    });
    expect(retextureCreate(IMG, '').issues).toEqual({
      remixPrompt: ['must be a string of 1 to 8192 characters'],
    });
    expect(blendCreate([IMG, ''], '1:1').issues).toEqual({
      'imgUrls[1]': ['must be an http:// or https:// URL of at most 1024 characters'],
    });
    expect(blendCreate([IMG], '1:1').issues).toEqual({
      imgUrls: ['must be a list of 2 to 5 image URLs'],
    });
  });

  it('text to video: a bad start image is reported on the image field', () => {
    const check = textToVideoCreate('not a url', 'waves', '480p', 'low');
    expect(check.issues).toEqual({
      imgUrl: ['must be an http:// or https:// URL of at most 1024 characters'],
    });
    expect(check.body.params).toMatchObject({ videoType: 0 });
  });
});

describe('uploadProblem', () => {
  const status = { maxBytes: 10 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] };

  it('lets a supported image under the limit through', () => {
    expect(uploadProblem({ size: 1000, type: 'image/png' }, status)).toBeNull();
  });

  it('says which types and what size are allowed', () => {
    expect(uploadProblem({ size: 1000, type: 'application/pdf' }, status)).toBe(
      'Choose a PNG, JPEG or WebP image.',
    );
    expect(uploadProblem({ size: 11 * 1024 * 1024, type: 'image/jpeg' }, status)).toBe(
      'The file is larger than the upload limit of 10 MB.',
    );
  });
});
