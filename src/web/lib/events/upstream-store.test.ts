import { describe, expect, it } from 'vitest';
import type { UpstreamStatus } from '@/contract/studio-api';
import { StudioApiError } from '../http';
import { isOutageRefusal, outageRefusal, outageWords } from './upstream-store';

describe('outageWords', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');

  it('says nothing while the service answers', () => {
    expect(outageWords({ reachable: true, lastContactAt: null, reason: null }, now)).toBeNull();
  });

  it('says in words that the service is unreachable, why, and since when', () => {
    const words = outageWords(
      {
        reachable: false,
        lastContactAt: '2026-01-01T11:59:30Z',
        reason: 'The image service could not be reached.',
      },
      now,
    );
    expect(words?.short).toBe('Service unreachable');
    expect(words?.long).toContain('could not be reached');
    expect(words?.long).toContain('Last contact 30 s ago');
  });
});

describe('a create while the service cannot be reached', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const down: UpstreamStatus = {
    reachable: false,
    lastContactAt: '2026-05-01T11:59:00Z',
    reason: 'The service did not answer within 10 s.',
  };
  const up: UpstreamStatus = {
    reachable: true,
    lastContactAt: '2026-05-01T11:59:59Z',
    reason: null,
  };

  it('is refused with the reason and the last contact, and goes when the service answers', () => {
    const refused = outageRefusal(down, now);
    expect(refused?.message).toMatch(/^The image service cannot be reached, so nothing was sent\./);
    expect(refused?.message).toContain('Last contact 1 min');
    expect(refused?.hint).toContain('The service did not answer within 10 s.');
    expect(outageRefusal(up, now)).toBeNull();
  });

  it('is refused exactly while the header says the service is unreachable', () => {
    for (const status of [down, up, { ...down, reason: null, lastContactAt: null }]) {
      expect(outageRefusal(status, now) === null).toBe(outageWords(status, now) === null);
    }
  });

  it('is told from other errors, which stay whatever the header says', () => {
    const refusal = outageRefusal(down, now);
    expect(refusal && isOutageRefusal(new StudioApiError(refusal))).toBe(true);
    const failed = { ...refusal!, status: 502, code: 'upstream_unavailable' };
    expect(isOutageRefusal(new StudioApiError(failed))).toBe(false);
    expect(isOutageRefusal(new Error('offline'))).toBe(false);
  });
});
