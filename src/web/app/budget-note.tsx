import { useQuery } from '@tanstack/react-query';
import { budgetLines, meQuery } from '../lib/me';

/**
 * Beside a create button: the signed-in person's budget, once little of it is left, so a
 * refusal does not come as a surprise. Nothing while there is plenty, or no budget.
 */
export function BudgetNote() {
  const { data } = useQuery(meQuery);
  const low = budgetLines(data?.budget).filter((l) => l.low);
  if (low.length === 0) return null;
  return (
    <p role="status" className="text-sm text-amber-300">
      {low.map((l) => `${l.text} (${l.left === 0 ? 'none' : l.left} left)`).join(' · ')}
    </p>
  );
}
