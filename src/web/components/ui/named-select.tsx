import { cn } from '@/web/lib/cn';
import { inputClass } from './field';

export interface NamedSelectProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  value: string;
  onChange: (value: string) => void;
}

interface Props extends NamedSelectProps {
  /** The choices before the named ones (`''`: any, `me`: mine), by value and label. */
  fixed: readonly { value: string; label: string }[];
  /** Things by id and name (people, collections). */
  named: readonly { id: string; name: string }[];
}

/**
 * A filter's select of fixed choices and named things. A value the address names that is
 * among neither (someone removed, a collection deleted) still shows, by itself.
 */
export function NamedSelect({ value, onChange, fixed, named, ...control }: Props) {
  const known = fixed.some((f) => f.value === value) || named.some((n) => n.id === value);
  return (
    <select
      {...control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(inputClass, 'h-9 py-0')}
    >
      {fixed.map((f) => (
        <option key={f.value} value={f.value}>
          {f.label}
        </option>
      ))}
      {named.map((n) => (
        <option key={n.id} value={n.id}>
          {n.name}
        </option>
      ))}
      {known ? null : <option value={value}>{value}</option>}
    </select>
  );
}
