import type { AccountSummary } from '@/contract/account-summary';

/**
 * What new tasks can still freeze, in credits: the credit packs' credits and the wallet's
 * points (1 point = 1 credit = 0.001 USD). The header badge, the banner and the account
 * page all show this one figure.
 */
export const availableCredits = (a: AccountSummary): number =>
  a.availableCredits + a.availablePoints;

export type LowBalanceReason = 'service' | 'threshold';

/**
 * Why the balance counts as low, or null: the service's own alert, or the user's threshold
 * (in credits) reached.
 */
export function lowBalanceReason(
  a: AccountSummary,
  thresholdCredits: number | null,
): LowBalanceReason | null {
  if (a.lowBalance) return 'service';
  if (thresholdCredits !== null && availableCredits(a) < thresholdCredits) return 'threshold';
  return null;
}

/** Whole days the balance lasts at `perDay` credits a day; null when nothing is spent. */
export function daysLeft(available: number, perDay: number): number | null {
  if (perDay <= 0) return null;
  return Math.floor(available / perDay);
}
