import type { ReactNode } from 'react';

/** A visible caption beside a radio group (which carries its own accessible name). */
export function ChoiceRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span aria-hidden="true" className="text-xs font-medium text-zinc-300">
        {label}
      </span>
      {children}
    </div>
  );
}
