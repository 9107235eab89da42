import { useQuery } from '@tanstack/react-query';
import { inputClass } from '@/web/components/ui/field';
import { cn } from '@/web/lib/cn';
import { collectionQueries } from './api';

export interface CollectionSelectProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** A collection's id, or `''` for every job. */
  value: string;
  onChange: (collection: string) => void;
}

/**
 * The library's filter by collection: any job, or those with a result in one collection
 * (every collection of the studio, by name). An id the URL names that is not among them (a
 * collection deleted) still shows, by its id.
 */
export function CollectionSelect({ value, onChange, ...control }: CollectionSelectProps) {
  const { data } = useQuery(collectionQueries.list());
  const all = data ?? [];
  const unknown = value !== '' && !all.some((c) => c.id === value);
  return (
    <select
      {...control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(inputClass, 'h-9 py-0')}
    >
      <option value="">Any</option>
      {all.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
      {unknown ? <option value={value}>{value}</option> : null}
    </select>
  );
}
