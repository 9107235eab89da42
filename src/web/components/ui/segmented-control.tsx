import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/web/lib/cn';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  /** A longer explanation, shown as a tooltip. */
  title?: string;
}

/**
 * An option for each of a contract's values, in its order: its label (the value itself
 * where it has none) and the form's tooltip for it, if any.
 */
export function segmentOptions<T extends string>(
  values: readonly T[],
  labels: Partial<Record<T, string>> = {},
  titles: Partial<Record<T, string>> = {},
): SegmentOption<T>[] {
  return values.map((value) => {
    const title = titles[value];
    return { value, label: labels[value] ?? value, ...(title === undefined ? {} : { title }) };
  });
}

interface SegmentedControlProps<T extends string> {
  /** The radio group's accessible name, e.g. "Upscale mode". */
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A small radio group drawn as joined buttons. One Tab stop (the chosen option); the arrow
 * keys move the choice, as in any radio group.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (current + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('inline-flex rounded-md bg-zinc-800/80 p-0.5 ring-1 ring-zinc-700', className)}
    >
      {options.map((o, i) => (
        <button
          key={o.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={i === current}
          tabIndex={i === current ? 0 : -1}
          title={o.title}
          onClick={() => onChange(o.value)}
          className={cn(
            'h-6 rounded px-2 text-[11px] font-medium transition-colors',
            i === current ? 'bg-zinc-600 text-zinc-50' : 'text-zinc-400 hover:text-zinc-200',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
