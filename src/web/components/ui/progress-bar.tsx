import { cn } from '@/web/lib/cn';

interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-zinc-800', className)}
    >
      <div
        className="h-full rounded-full bg-indigo-500 transition-[width] duration-500 ease-out"
        style={{ width: `${Math.max(clamped, 2)}%` }}
      />
    </div>
  );
}
