import { describe, expect, it } from 'vitest';
import { bearerMatches, isLoopbackAddress, readiness } from './metrics';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    'takes %s for loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each(['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '128.0.0.1', '::2', undefined])(
    'does not take %s for loopback',
    (address) => expect(isLoopbackAddress(address)).toBe(false),
  );
});

describe('bearerMatches', () => {
  it('takes the token only as a bearer, whole', () => {
    expect(bearerMatches('Bearer sesame-sesame', 'sesame-sesame')).toBe(true);
    expect(bearerMatches('bearer sesame-sesame', 'sesame-sesame')).toBe(true);
    expect(bearerMatches('Bearer sesame-sesam', 'sesame-sesame')).toBe(false);
    expect(bearerMatches('Bearer sesame-sesame2', 'sesame-sesame')).toBe(false);
    expect(bearerMatches('Basic sesame-sesame', 'sesame-sesame')).toBe(false);
    expect(bearerMatches(undefined, 'sesame-sesame')).toBe(false);
  });
});

describe('readiness', () => {
  it('names each dependency that failed, never the text of what it threw', async () => {
    const answer = await readiness({
      database: () => Promise.reject(new Error('password authentication failed for "studio"')),
      upstream: () => Promise.resolve('unreachable'),
      disk: () => Promise.resolve(null),
    });
    expect(answer).toEqual({
      status: 503,
      body: { ready: false, failed: { database: 'did not answer', upstream: 'unreachable' } },
    });
    expect(await readiness({ disk: () => Promise.resolve(null) })).toEqual({
      status: 200,
      body: { ready: true, failed: {} },
    });
  });
});
