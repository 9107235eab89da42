import { describe, expect, it } from 'vitest';
import { NetworkError, ResponseShapeError, StudioApiError } from '@/web/lib/http';
import { CreateKeys, outcomeUnknown } from './create-keys';

const studio = (status: number) =>
  new StudioApiError({ status, code: 'x', message: 'x', hint: null, retryAfterS: null });
const lost = new NetworkError('/studio-api/jobs', new TypeError('Failed to fetch'));

describe('outcomeUnknown', () => {
  it('is true for no answer and for a 5xx, false for a refusal or a broken 2xx', () => {
    expect(outcomeUnknown(lost)).toBe(true);
    for (const status of [500, 502, 503, 504]) expect(outcomeUnknown(studio(status))).toBe(true);
    for (const status of [400, 402, 404, 409, 410, 422, 429]) {
      expect(outcomeUnknown(studio(status))).toBe(false);
    }
    expect(outcomeUnknown(new ResponseShapeError('/studio-api/jobs', 'bad'))).toBe(false);
    expect(outcomeUnknown(null)).toBe(false);
  });
});

describe('CreateKeys', () => {
  it('gives a fresh key each time until an outcome is unknown, then that key', () => {
    const keys = new CreateKeys();
    const first = keys.keyFor('a');
    expect(keys.keyFor('a')).not.toBe(first);
    keys.settled('a', first, studio(502));
    expect(keys.keyFor('a')).toBe(first);
    expect(keys.keyFor('b')).not.toBe(first);
  });

  it('forgets the key once the server answers with a job or a refusal', () => {
    const keys = new CreateKeys();
    keys.settled('a', 'ka', lost);
    keys.settled('a', 'ka', null);
    expect(keys.keyFor('a')).not.toBe('ka');
    keys.settled('b', 'kb', studio(504));
    keys.settled('b', 'kb', studio(402));
    expect(keys.keyFor('b')).not.toBe('kb');
    expect(keys.size).toBe(0);
  });

  it('keeps an unknown key when another submit of the same request is answered', () => {
    const keys = new CreateKeys();
    keys.settled('a', 'k-unknown', studio(503));
    keys.settled('a', 'k-other', null);
    expect(keys.keyFor('a')).toBe('k-unknown');
  });

  it('keeps at most 50 requests, dropping the one kept longest', () => {
    const keys = new CreateKeys();
    for (let i = 0; i < 50; i++) keys.settled(`f${i}`, `k${i}`, lost);
    // Unknown again: it becomes the newest, so f1 is the oldest now.
    keys.settled('f0', 'k0', lost);
    keys.settled('f50', 'k50', lost);
    expect(keys.size).toBe(50);
    expect(keys.keyFor('f1')).not.toBe('k1');
    expect(keys.keyFor('f0')).toBe('k0');
    expect(keys.keyFor('f2')).toBe('k2');
    expect(keys.keyFor('f50')).toBe('k50');
  });
});
