import type { HTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-zinc-800 text-zinc-300 ring-zinc-700',
  accent: 'bg-indigo-500/15 text-indigo-300 ring-indigo-500/30',
  success: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  danger: 'bg-red-500/15 text-red-300 ring-red-500/30',
  warning: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
};

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded px-1.5 py-0.5 font-mono text-[11px] leading-4 ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}
