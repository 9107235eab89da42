import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** What the control inside a Field needs so its label, hint and error are announced. */
interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export const inputClass =
  'block w-full rounded-md border border-zinc-700 bg-zinc-950/60 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 hover:border-zinc-600 focus:border-zinc-500 focus:outline-none aria-invalid:border-red-500/70';

/** A labelled control with an optional hint and the message of what is wrong with it. */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-xs font-medium text-zinc-300">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId ?? undefined} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId ?? undefined} className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder?: string;
}

/** A Field holding a multi-line text, as the prompt-like fields of forms and tools ask. */
export function TextAreaField({
  value,
  onChange,
  rows,
  placeholder,
  ...field
}: TextAreaFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}
