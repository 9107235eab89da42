import { describe, expect, it } from 'vitest';
import { parseThreshold } from './threshold';

describe('parseThreshold', () => {
  it('takes whole credits, with separators, and empty for no alert', () => {
    expect(parseThreshold('1,000')).toEqual({ credits: 1000 });
    expect(parseThreshold(' 250 ')).toEqual({ credits: 250 });
    expect(parseThreshold('')).toEqual({ credits: null });
  });

  it('says what is wrong with anything else', () => {
    expect(parseThreshold('12.5')).toEqual({
      error: 'Enter a whole number of credits, or leave it empty.',
    });
    expect(parseThreshold('-3')).toHaveProperty('error');
    expect(parseThreshold('999999999999')).toEqual({ error: 'At most 100,000,000 credits.' });
  });
});
