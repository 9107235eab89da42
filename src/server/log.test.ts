import { describe, expect, it } from 'vitest';
import { acceptedRequestId } from './log';

describe('acceptedRequestId', () => {
  it('keeps a short safe id, and replaces anything else with a new one', () => {
    expect(acceptedRequestId('req-42.a_b:c')).toBe('req-42.a_b:c');
    const made = [
      undefined,
      '',
      'x'.repeat(65),
      'has space',
      'line\nbreak',
      '<script>',
      '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c',
    ].map(acceptedRequestId);
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(made).size).toBe(made.length);
  });
});
