import { describe, expect, it } from 'vitest';
import { budgetLines } from './me';

describe('a budget as the app words it', () => {
  it('says each limited period, the day first, and marks it low at a fifth or less left', () => {
    expect(
      budgetLines({
        limits: { day: 20, month: 1000 },
        own: true,
        used: { day: 12, month: 820 },
      }),
    ).toEqual([
      { text: 'Budget today: 12 of 20 credits', left: 8, low: false },
      { text: 'Budget this month: 820 of 1,000 credits', left: 180, low: true },
    ]);
  });

  it('leaves out a period without a limit, and says nothing without a budget', () => {
    const spent = { limits: { day: null, month: 50 }, own: false, used: { day: 0, month: 60 } };
    expect(budgetLines(spent)).toEqual([
      { text: 'Budget this month: 60 of 50 credits', left: 0, low: true },
    ]);
    expect(budgetLines(null)).toEqual([]);
  });
});
