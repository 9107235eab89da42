import { useQuery } from '@tanstack/react-query';
import { budgetLines, meQuery } from '@/web/lib/me';

/** On the Account page, for anyone with a budget: what they spent of it today and this month. */
export function MyBudget() {
  const { data } = useQuery(meQuery);
  const lines = budgetLines(data?.budget);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="my-budget-heading" className="mt-8 space-y-1">
      <h2 id="my-budget-heading" className="text-base font-semibold text-zinc-100">
        Your budget
      </h2>
      {lines.map((l) => (
        <p key={l.text} className={l.low ? 'text-sm text-amber-300' : 'text-sm text-zinc-300'}>
          {l.text}
        </p>
      ))}
      <p className="text-xs text-zinc-500">
        Set by an admin of the studio; a create past it is refused before it is sent.
      </p>
    </section>
  );
}
