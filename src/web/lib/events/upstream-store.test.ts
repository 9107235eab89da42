import { describe, expect, it } from 'vitest';
import { outageWords } from './upstream-store';

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
