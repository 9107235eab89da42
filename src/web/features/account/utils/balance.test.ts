import { describe, expect, it } from 'vitest';
import { makeAccount } from '@/web/lib/testing/fixtures';
import { availableCredits, daysLeft, lowBalanceReason } from './balance';

describe('the balance', () => {
  it('counts credits and wallet points as one amount', () => {
    expect(availableCredits(makeAccount({ availableCredits: 1200, availablePoints: 48 }))).toBe(
      1248,
    );
  });

  it('is low when the service says so, or below the user’s threshold', () => {
    const account = makeAccount({ availableCredits: 1200, lowBalance: false });
    expect(lowBalanceReason(account, null)).toBeNull();
    expect(lowBalanceReason(account, 1200)).toBeNull();
    expect(lowBalanceReason(account, 1201)).toBe('threshold');
    expect(lowBalanceReason(makeAccount({ lowBalance: true }), null)).toBe('service');
  });

  it('says how many whole days the balance lasts at a daily rate', () => {
    expect(daysLeft(1000, 300)).toBe(3);
    expect(daysLeft(1000, 0)).toBeNull();
  });
});
