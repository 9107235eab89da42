import { describe, expect, it } from 'vitest';
import type { StudioError } from '@/contract/studio-api';
import { describeError } from './describe-error';
import { NetworkError, ResponseShapeError, StudioApiError } from './http';

const studio = (over: Partial<StudioError>): StudioApiError =>
  new StudioApiError({
    status: 400,
    code: 'invalid_request',
    message: 'params.text: prompt must be 1 to 8192 characters',
    hint: null,
    retryAfterS: null,
    ...over,
  });

describe('describeError', () => {
  it("shows a 400's message, which names the field", () => {
    expect(describeError(studio({}))).toEqual({
      title: 'params.text: prompt must be 1 to 8192 characters',
      hint: null,
    });
  });

  it("prefers the server's hint", () => {
    const d = describeError(studio({ status: 402, message: 'No credits', hint: 'Buy a pack' }));
    expect(d.hint).toBe('Buy a pack');
  });

  it('links a lack of credits to the account page', () => {
    const local = studio({
      status: 402,
      code: 'insufficient_quota',
      message: 'Not enough credits',
    });
    expect(describeError(local).link).toEqual({ href: '#/account', label: 'Open Account' });
    expect(describeError(studio({})).link).toBeUndefined();
  });

  it('suggests topping up on a 402 without a hint', () => {
    expect(describeError(studio({ status: 402 })).hint).toMatch(/top up credits/i);
  });

  it('says how long to wait on a 429', () => {
    expect(describeError(studio({ status: 429, retryAfterS: 4.2 })).hint).toBe(
      'Wait 5 s and try again.',
    );
    expect(describeError(studio({ status: 429 })).hint).toMatch(/wait/i);
  });

  it('explains an unreachable server and a broken response', () => {
    expect(describeError(new NetworkError('/x', null)).title).toBe(
      'Cannot reach the studio server',
    );
    expect(describeError(new ResponseShapeError('/x', 'jobs: expected array')).hint).toContain(
      'jobs: expected array',
    );
  });

  it('falls back to any error message', () => {
    expect(describeError(new Error('boom')).title).toBe('boom');
    expect(describeError('weird').title).toBe('Something went wrong');
  });
});
