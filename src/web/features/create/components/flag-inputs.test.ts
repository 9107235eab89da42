import { describe, expect, it } from 'vitest';
import { FLAG_RANGES, FLAG_SPECS } from '@/contract/prompt-flags';
import { NIJI_CHOICES, QUALITY_CHOICES, VERSION_CHOICES } from '../stores/prompt-edits';
import { numberInputRange } from './flag-helpers';

/*
 * The prompt box's inputs offer what the contract's flags take: each number input the
 * flag's range, each menu values the flag accepts.
 */

const valuesOf = (name: string): readonly string[] => {
  const spec = FLAG_SPECS.find((s) => s.name === name);
  return spec?.kind === 'choice' ? spec.values : [];
};

describe("the prompt box's flag inputs", () => {
  it.each(['stylize', 'chaos', 'weird', 'seed'] as const)(
    '--%s: min, max and step are the contract range',
    (name) => {
      expect(numberInputRange(name)).toEqual(FLAG_RANGES[name]);
    },
  );

  it('menus offer the values the flags take', () => {
    expect(VERSION_CHOICES).toEqual(valuesOf('v'));
    expect(NIJI_CHOICES).toEqual(valuesOf('niji'));
    expect(valuesOf('q')).toEqual(expect.arrayContaining([...QUALITY_CHOICES]));
  });
});
