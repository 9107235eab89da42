import { Fragment } from 'react';
import { inputClass } from '@/web/components/ui/field';
import { cn } from '@/web/lib/cn';
import type { FilterChoice } from './filter-options';
import { choiceIdFor } from './filter-options';

interface ChoiceGroup {
  /** An <optgroup> label; null for plain options. */
  label: string | null;
  choices: readonly FilterChoice<string>[];
}

interface ChoiceSelectProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  anyLabel: string;
  values: readonly string[];
  groups: readonly ChoiceGroup[];
  onChange: (values: string[]) => void;
}

/** A select over named sets of values; a set from the URL that none names shows as Custom. */
export function ChoiceSelect({ anyLabel, values, groups, onChange, ...rest }: ChoiceSelectProps) {
  const current = choiceIdFor(
    values,
    groups.flatMap((g) => g.choices),
  );
  const byId = new Map(groups.flatMap((g) => g.choices).map((c) => [c.id, c]));
  const options = (choices: readonly FilterChoice<string>[]) =>
    choices.map((c) => (
      <option key={c.id} value={c.id}>
        {c.label}
      </option>
    ));
  return (
    <select
      {...rest}
      value={current}
      onChange={(e) => onChange([...(byId.get(e.target.value)?.values ?? [])])}
      className={cn(inputClass, 'h-9 py-0 scheme-dark')}
    >
      <option value="">{anyLabel}</option>
      {current === 'custom' ? (
        <option value="custom" disabled>
          Custom: {values.join(', ')}
        </option>
      ) : null}
      {groups.map((g, i) =>
        g.label === null ? (
          <Fragment key={i}>{options(g.choices)}</Fragment>
        ) : (
          <optgroup key={i} label={g.label}>
            {options(g.choices)}
          </optgroup>
        ),
      )}
    </select>
  );
}
