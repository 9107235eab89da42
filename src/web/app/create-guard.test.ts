import { describe, expect, it } from 'vitest';
import { unreachableCreate } from './create-guard';

describe('a create while the service cannot be reached', () => {
  it('is refused with the reason and the last contact, and goes when the service answers', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const refused = unreachableCreate(
      {
        reachable: false,
        lastContactAt: '2026-05-01T11:59:00Z',
        reason: 'The service did not answer within 10 s.',
      },
      now,
    );
    expect(refused?.message).toMatch(/^The image service cannot be reached, so nothing was sent\./);
    expect(refused?.message).toContain('Last contact 1 min');
    expect(refused?.hint).toContain('The service did not answer within 10 s.');
    expect(
      unreachableCreate({ reachable: true, lastContactAt: null, reason: null }, now),
    ).toBeNull();
  });
});
