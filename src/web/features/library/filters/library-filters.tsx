import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { Field, inputClass } from '@/web/components/ui/field';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';
import { OPERATION_GROUPS, OPERATION_TYPES, STATUS_CHOICES } from './filter-options';
import type { LibraryField, LibraryIssue, LibraryParams } from './library-params';
import { clearFilters, hasFilters } from './library-params';
import { ChoiceSelect } from './choice-select';
import { MakerSelect } from './maker-select';
import { LazyCollectionSelect } from '@/web/features/collections';
import { SearchBox } from './search-box';

interface LibraryFiltersProps {
  params: LibraryParams;
  issues: readonly LibraryIssue[];
  onChange: (next: LibraryParams) => void;
}

const ISSUES_ID = 'library-filter-issues';

/** How a control says that its value is refused, and where the reason is. */
interface ControlAria {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** Search, filters and Clear all; every change goes straight to the URL via onChange. */
export function LibraryFilters({ params, issues, onChange }: LibraryFiltersProps) {
  const set = (patch: Partial<LibraryParams>) => onChange({ ...params, ...patch });
  const invalid = (field: LibraryField) => issues.some((i) => i.field === field);
  const describedBy = (field: LibraryField) => (invalid(field) ? ISSUES_ID : undefined);
  const control = (field: LibraryField): ControlAria => ({
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
        <MakerAndCollection params={params} control={control} set={set} />
        <DateRange params={params} control={control} set={set} />
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
      {issues.length > 0 ? <IssuesBanner issues={issues} /> : null}
    </section>
  );
}

/** Whose jobs, and which collection's. */
function MakerAndCollection({ params, control, set }: FieldGroupProps) {
  return (
    <>
      <Field id="library-maker" label="Made by" className="w-40">
        {(props) => (
          <MakerSelect
            {...props}
            {...control('maker')}
            value={params.maker}
            onChange={(maker) => set({ maker })}
          />
        )}
      </Field>
      <Field id="library-collection" label="Collection" className="w-40">
        {(props) => (
          <LazyCollectionSelect.Component
            {...props}
            {...control('collection')}
            value={params.collection}
            onChange={(collection) => set({ collection })}
          />
        )}
      </Field>
    </>
  );
}

/** A few of the filters' fields, drawn together. */
interface FieldGroupProps {
  params: LibraryParams;
  control: (field: LibraryField) => ControlAria;
  set: (patch: Partial<LibraryParams>) => void;
}

/** From and To, in local days; each end bounds the other, so the pickers offer a real range. */
function DateRange({ params, control, set }: FieldGroupProps) {
  return (['from', 'to'] as const).map((side) => (
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
          {...(side === 'from'
            ? { max: params.to || undefined }
            : { min: params.from || undefined })}
          onChange={(e) => set({ [side]: e.target.value })}
          className={cn(inputClass, 'h-9 py-0 scheme-dark')}
        />
      )}
    </Field>
  ));
}

function IssuesBanner({ issues }: { issues: readonly LibraryIssue[] }) {
  return (
    <div id={ISSUES_ID}>
      <ErrorBanner
        title="Nothing was searched: a filter needs fixing"
        hint={issues.map((i) => i.message).join('\n')}
        className="whitespace-pre-line"
      />
    </div>
  );
}
