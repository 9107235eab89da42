import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BudgetLimits, Budgets } from '@/contract/budgets';
import { Button } from '@/web/components/ui/button';
import { LoadError, RequestError } from '@/web/components/ui/request-error';
import { SectionCard } from '@/web/components/ui/section-card';
import { requestJson } from '@/web/lib/http';
import { formatWholeCredits } from '@/web/lib/format';
import { meQuery } from '@/web/lib/me';

const budgetsKey = ['budgets'] as const;

/** A limit as a field shows it: empty for none. */
const shown = (n: number | null): string => (n === null ? '' : String(n));

/** A field's text as a limit: empty for none; anything else the studio judges. */
const limitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

type Change = { who: string | 'default'; limits: BudgetLimits | null };

function useBudgetChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ who, limits }: Change) =>
      requestJson(`/studio-api/budgets/${who}`, 'budgets', {
        method: limits === null ? 'DELETE' : 'PUT',
        ...(limits === null ? {} : { body: limits }),
      }),
    onSuccess: (answer) => {
      client.setQueryData(budgetsKey, answer);
      // The admin's own budget may be among those changed.
      void client.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}

/** One limit of a row: credits per day or per month, empty for none. */
function LimitField(props: {
  label: string;
  period: 'day' | 'month';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-1 text-xs text-zinc-400">
      Per {props.period}
      <input
        className="h-8 w-28 rounded-md bg-zinc-950 px-2 text-sm text-zinc-100 ring-1 ring-zinc-700"
        inputMode="decimal"
        placeholder="no limit"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-label={`${props.label}: credits per ${props.period}`}
      />
    </label>
  );
}

/** The two limits of one row, editable, with Save (and, for a person, the team default). */
function LimitsForm({
  label,
  who,
  limits,
  own,
  change,
}: {
  label: string;
  who: string | 'default';
  limits: BudgetLimits;
  own: boolean;
  /** The row's change, kept by the row: the form is made again with what was saved. */
  change: ReturnType<typeof useBudgetChange>;
}) {
  const [day, setDay] = useState(shown(limits.day));
  const [month, setMonth] = useState(shown(limits.month));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ who, limits: { day: limitOf(day), month: limitOf(month) } });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={label}>
      <LimitField label={label} period="day" value={day} onChange={setDay} />
      <LimitField label={label} period="month" value={month} onChange={setMonth} />
      <Button size="sm" type="submit" disabled={change.isPending}>
        Save
      </Button>
      {who !== 'default' && own ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={change.isPending}
          onClick={() => change.mutate({ who, limits: null })}
        >
          Use team default
        </Button>
      ) : null}
      {change.isSuccess ? (
        <span role="status" className="text-xs text-emerald-300">
          Saved
        </span>
      ) : null}
      {change.error ? (
        <div className="w-full">
          <RequestError error={change.error} onDismiss={change.reset} />
        </div>
      ) : null}
    </form>
  );
}

function PersonRow({ person, day }: { person: Budgets['people'][number]; day: string }) {
  const { limits, own, used } = person.budget;
  const change = useBudgetChange();
  const key = `${person.id}:${shown(limits.day)}:${shown(limits.month)}:${String(own)}`;
  return (
    <li className="space-y-2 px-5 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-medium text-zinc-100">{person.name}</span>
        <span className="text-zinc-500">{person.email}</span>
        <span className="text-zinc-500">{person.role}</span>
        <span className="text-zinc-400">
          Used {formatWholeCredits(used.day)} on {day}, {formatWholeCredits(used.month)} this month
          {own ? '' : ' · team default'}
        </span>
      </div>
      <LimitsForm
        key={key}
        label={person.name}
        who={person.id}
        limits={limits}
        own={own}
        change={change}
      />
    </li>
  );
}

function DefaultRow({ limits }: { limits: BudgetLimits }) {
  const change = useBudgetChange();
  return (
    <li className="space-y-2 px-5 py-3">
      <div className="text-sm font-medium text-zinc-100">Team default</div>
      <LimitsForm
        key={`default:${shown(limits.day)}:${shown(limits.month)}`}
        label="Team default"
        who="default"
        limits={limits}
        own
        change={change}
      />
    </li>
  );
}

/**
 * For admins, on the Account page: the team default and each person's budget, with what
 * they spent this day and month, each editable. An empty field is no limit.
 */
export function BudgetsSection() {
  const query = useQuery({
    queryKey: budgetsKey,
    queryFn: ({ signal }) => requestJson('/studio-api/budgets', 'budgets', { signal }),
  });
  const budgets = query.data?.budgets;
  return (
    <SectionCard
      id="budgets-heading"
      title="Budgets"
      head={
        <p className="text-sm text-zinc-400">
          The most each person may spend in credits per day and per month
          {budgets ? ` (days in ${budgets.timeZone})` : ''}; a create past it is refused before it
          is sent. Empty is no limit.
        </p>
      }
    >
      {query.error ? (
        <div className="p-5">
          <LoadError what="load the budgets" error={query.error} onRetry={query.refetch} />
        </div>
      ) : !budgets ? (
        <p className="px-5 py-4 text-sm text-zinc-500">Loading…</p>
      ) : (
        <ul className="divide-y divide-zinc-800">
          <DefaultRow limits={budgets.default} />
          {budgets.people.map((p) => (
            <PersonRow key={p.id} person={p} day={budgets.day} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
