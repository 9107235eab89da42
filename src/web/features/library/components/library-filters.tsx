import { Fragment } from 'react';
import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { Field, inputClass } from '@/web/components/ui/field';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';
import type { FilterChoice } from '../utils/filter-options';
import {
  OPERATION_GROUPS,
  OPERATION_TYPES,
  STATUS_CHOICES,
  choiceIdFor,
} from '../utils/filter-options';
import type { LibraryField, LibraryIssue, LibraryParams } from '../utils/library-params';
import { clearFilters, hasFilters } from '../utils/library-params';
import { SearchBox } from './search-box';

interface LibraryFiltersProps {
  params: LibraryParams;
  issues: readonly LibraryIssue[];
  onChange: (next: LibraryParams) => void;
}

const ISSUES_ID = 'library-filter-issues';

/** Search, filters and Clear all; every change goes straight to the URL via onChange. */
export function LibraryFilters({ params, issues, onChange }: LibraryFiltersProps) {
  const set = (patch: Partial<LibraryParams>) => onChange({ ...params, ...patch });
  const invalid = (field: LibraryField) => issues.some((i) => i.field === field);
  const describedBy = (field: LibraryField) => (invalid(field) ? ISSUES_ID : undefined);
  const control = (field: LibraryField) => ({
    'aria-invalid': invalid(field),
    'aria-describedby': describedBy(field),
  });
  return (
    <section
      aria-label="Search and filters"
      className="space-y-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <SearchBox
        value={params.q}
        onSearch={(q) => set({ q })}
        invalid={invalid('q')}
        describedBy={describedBy('q')}
      />
      <div className="flex flex-wrap items-end gap-3">
        <Field id="library-operation" label="Operation" className="w-52">
          {(props) => (
            <ChoiceSelect
              {...props}
              {...control('operation')}
              anyLabel="Any operation"
              values={params.operation}
              groups={[
                { label: 'Kinds of work', choices: OPERATION_GROUPS },
                { label: 'Task types', choices: OPERATION_TYPES },
              ]}
              onChange={(operation) => set({ operation })}
            />
          )}
        </Field>
        <Field id="library-status" label="Status" className="w-36">
          {(props) => (
            <ChoiceSelect
              {...props}
              {...control('status')}
              anyLabel="Any status"
              values={params.status}
              groups={[{ label: null, choices: STATUS_CHOICES }]}
              onChange={(status) => set({ status })}
            />
          )}
        </Field>
        {(['from', 'to'] as const).map((side) => (
          <Field
            key={side}
            id={`library-${side}`}
            label={side === 'from' ? 'From' : 'To'}
            className="w-40"
          >
            {(props) => (
              <input
                {...props}
                {...control(side)}
                type="date"
                value={params[side]}
                // Each end bounds the other, so the picker offers only a real range.
                {...(side === 'from'
                  ? { max: params.to || undefined }
                  : { min: params.from || undefined })}
                onChange={(e) => set({ [side]: e.target.value })}
                className={cn(inputClass, 'h-9 py-0 scheme-dark')}
              />
            )}
          </Field>
        ))}
        <div className="flex h-9 items-center">
          <Switch
            label="Favourites only"
            checked={params.favourite === 'true'}
            onChange={(on) => set({ favourite: on ? 'true' : '' })}
            {...(invalid('favourite') ? { describedBy: ISSUES_ID } : {})}
          />
        </div>
        <Button
          variant="ghost"
          className="ml-auto"
          disabled={!hasFilters(params)}
          onClick={() => onChange(clearFilters(params))}
        >
          Clear all
        </Button>
      </div>
      {issues.length > 0 ? (
        <div id={ISSUES_ID}>
          <ErrorBanner
            title="Nothing was searched: a filter needs fixing"
            hint={issues.map((i) => i.message).join('\n')}
            className="whitespace-pre-line"
          />
        </div>
      ) : null}
    </section>
  );
}

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
function ChoiceSelect({ anyLabel, values, groups, onChange, ...rest }: ChoiceSelectProps) {
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
