import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

interface FigureProps {
  label: string;
  /** The exact number shown, for tests and tools (`data-value`); null when unknown. */
  value: number | null;
  children: ReactNode;
  note?: ReactNode;
  testId?: string;
  className?: string;
}

/** One labelled figure of a card: a term and its value (a `<dt>`/`<dd>` pair). */
export function Figure({ label, value, children, note, testId, className }: FigureProps) {
  return (
    <div className={cn('bg-zinc-900 px-5 py-4', className)}>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd
        data-testid={testId}
        data-value={value ?? ''}
        className="mt-1 font-mono text-lg text-zinc-100 tabular-nums"
      >
        {children}
      </dd>
      {note ? <dd className="mt-1 text-xs text-zinc-500">{note}</dd> : null}
    </div>
  );
}

/** The heading row of a card on the account page. */
export function CardHeader({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-zinc-800 px-5 py-4">
      <h2 id={id} className="text-base font-semibold text-zinc-100">
        {title}
      </h2>
      {children}
    </header>
  );
}

export const cardClass = 'rounded-lg border border-zinc-800 bg-zinc-900/60';
