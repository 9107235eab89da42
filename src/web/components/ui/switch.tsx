import { cn } from '@/web/lib/cn';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  title?: string;
  disabled?: boolean;
  /** Id of a note that explains the switch (why it is disabled, say). */
  describedBy?: string;
}

/** An on/off switch with its label as the accessible name. */
export function Switch({ label, checked, onChange, title, disabled, describedBy }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      title={title}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="flex items-center gap-1.5 text-xs text-zinc-400 hover:text-zinc-200 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:text-zinc-400"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative h-4 w-7 shrink-0 rounded-full transition-colors',
          checked ? 'bg-indigo-500' : 'bg-zinc-700',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0 size-3 rounded-full bg-white transition-transform',
            checked ? 'translate-x-3.5' : 'translate-x-0.5',
          )}
        />
      </span>
      {label}
    </button>
  );
}
