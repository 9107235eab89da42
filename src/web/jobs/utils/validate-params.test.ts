import { describe, expect, it } from 'vitest';
import { checkParams, issueFor } from './validate-params';

describe('checkParams', () => {
  it('passes params the contract accepts', () => {
    expect(checkParams('describe', { imgUrl: 'https://cdn.example.com/a.png' })).toEqual({
      ok: true,
    });
  });

  it('groups the problems by field, in formatIssues paths', () => {
    const result = checkParams('blend', { imgUrls: ['https://a.example/x.png', 'nope'] });
    expect(result).toEqual({
      ok: false,
      issues: { 'imgUrls[1]': ['must be an http:// or https:// URL of at most 1024 characters'] },
    });
    expect(issueFor(result.ok ? null : result.issues, 'imgUrls[1]')).toMatch(/^must be an http/);
    expect(issueFor(null, 'imgUrls')).toBeNull();
  });

  it("checks a follow-up by its own fields: the proxy fills the parent's id", () => {
    expect(checkParams('pan', { imageNo: 0, direction: 3, scale: 1.5 }, true).ok).toBe(true);
    expect(checkParams('pan', { imageNo: 0, direction: 'left', scale: 9 }, true)).toEqual({
      ok: false,
      issues: {
        direction: ['must be one of 0 (down), 1 (right), 2 (up), 3 (left)'],
        scale: ['must be a number between 1.1 and 3'],
      },
    });
    expect(checkParams('pan', { imageNo: 0, direction: 3, scale: 1.5, jobId: 'x' }, true)).toEqual({
      ok: false,
      issues: { jobId: ['must not be given (name the parent job with parentId)'] },
    });
  });

  it('applies the rules that depend on a parent: text to video needs its image URL', () => {
    expect(checkParams('video-diffusion', { prompt: 'waves' }, true).ok).toBe(true);
    expect(checkParams('video-diffusion', { prompt: 'waves' }, false)).toEqual({
      ok: false,
      issues: {
        prompt: ['must contain an http:// or https:// image URL when no parentId is given'],
      },
    });
  });
});
