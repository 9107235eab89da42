import { queryOptions } from '@tanstack/react-query';
import type { BudgetUse } from '@/contract/budgets';
import { formatWholeCredits } from './format';
import { requestJson } from './http';

/** `GET /studio-api/me`: who is signed in, as what, and their credit budget. */
export const meQuery = queryOptions({
  queryKey: ['me'] as const,
  queryFn: ({ signal }) => requestJson('/studio-api/me', 'me', { signal }),
  staleTime: 5 * 60_000,
});

/** One limited period of a budget, as the app shows it. */
export interface BudgetLine {
  /** `Budget today: 12 of 20 credits`. */
  text: string;
  left: number;
  /** Little is left: a fifth of the budget or less. */
  low: boolean;
}

/** Each limited period of a budget, the day first; none without one. */
export function budgetLines(budget: BudgetUse | null | undefined): BudgetLine[] {
  if (!budget) return [];
  const periods = [
    ['Budget today', budget.limits.day, budget.used.day],
    ['Budget this month', budget.limits.month, budget.used.month],
  ] as const;
  return periods.flatMap(([name, limit, used]) => {
    if (limit === null) return [];
    const left = Math.max(0, limit - used);
    return [
      {
        text: `${name}: ${formatWholeCredits(used)} of ${formatWholeCredits(limit)} credits`,
        left,
        low: left <= limit / 5,
      },
    ];
  });
}
