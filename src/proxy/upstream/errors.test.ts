import { describe, expect, it } from 'vitest';
import { UpstreamError, toStudioError } from './errors';

describe('toStudioError', () => {
  it('explains each of the three 403 reasons', () => {
    const hint = (msg: string) => toStudioError(new UpstreamError(403, msg)).hint ?? '';
    expect(hint('This feature is only available for whitelisted accounts.')).toMatch(/whitelisted/);
    expect(hint('account disabled')).toMatch(/disabled/);
    expect(hint('daily error limit reached')).toMatch(/daily limit/);
    expect(hint('')).toMatch(/whitelisted accounts, a disabled account, or the daily error limit/);
  });

  it('gives 429 a retry time even without Retry-After', () => {
    expect(toStudioError(new UpstreamError(429, 'busy')).retryAfterS).toBeGreaterThan(0);
    expect(toStudioError(new UpstreamError(429, 'busy', 3)).retryAfterS).toBe(3);
  });

  it('turns failures without an answer and 5xx into 502', () => {
    expect(
      toStudioError(new UpstreamError(null, 'The image service did not answer in time.')),
    ).toMatchObject({
      status: 502,
      code: 'upstream_unavailable',
      message: 'The image service did not answer in time.',
    });
    expect(toStudioError(new UpstreamError(504, 'gateway'))).toMatchObject({ status: 502 });
    expect(toStudioError(new UpstreamError(409, 'odd'))).toMatchObject({
      status: 409,
      code: 'upstream_rejected',
    });
  });
});
