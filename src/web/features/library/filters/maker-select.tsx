import { useQuery } from '@tanstack/react-query';
import { inputClass } from '@/web/components/ui/field';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { cn } from '@/web/lib/cn';
import { requestJson } from '@/web/lib/http';

/** `GET /studio-api/people/names`: everyone's id and name, for the filter by person. */
const peopleNamesQuery = {
  queryKey: ['people', 'names'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    requestJson('/studio-api/people/names', 'personNames', { signal }),
  staleTime: 60_000,
};

interface MakerSelectProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** `me`, a person's id, or `''` for anyone. */
  value: string;
  onChange: (maker: string) => void;
}

/**
 * Whose jobs: anyone's, mine, or one person's (everyone the studio has, by name). An id
 * the URL names that is not among them (a person removed) still shows, by its id.
 */
export function MakerSelect({ value, onChange, ...control }: MakerSelectProps) {
  const me = useMe();
  const { data } = useQuery(peopleNamesQuery);
  const others = (data?.people ?? []).filter((p) => p.id !== me?.id);
  const unknown = value !== '' && value !== 'me' && !others.some((p) => p.id === value);
  return (
    <select
      {...control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(inputClass, 'h-9 py-0')}
    >
      <option value="">Anyone</option>
      <option value="me">Mine</option>
      {others.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
      {unknown ? <option value={value}>{value}</option> : null}
    </select>
  );
}
