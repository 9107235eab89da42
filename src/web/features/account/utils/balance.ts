import type { AccountSummary } from '../../../../contract/account-summary';

/**
 * What new tasks can still freeze, in credits: the credit packs' credits and the wallet's
 * points (1 point = 1 credit = 0.001 USD). The header badge and the account page both
 * show this one figure.
 */
export const availableCredits = (a: AccountSummary): number =>
  a.availableCredits + a.availablePoints;
