import { useQuery } from '@tanstack/react-query';
import { NamedSelect, type NamedSelectProps } from '@/web/components/ui/named-select';
import { useMe } from '@/web/jobs/hooks/use-job-rights';
import { requestJson } from '@/web/lib/http';

/** `GET /studio-api/people/names`: everyone's id and name, for the filter by person. */
const peopleNamesQuery = {
  queryKey: ['people', 'names'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    requestJson('/studio-api/people/names', 'personNames', { signal }),
  staleTime: 60_000,
};

const FIXED = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Mine' },
];

/**
 * Whose jobs: anyone's, mine, or one person's (everyone the studio has, by name). An id
 * the URL names that is not among them (a person removed) still shows, by its id.
 */
export function MakerSelect(props: NamedSelectProps) {
  const me = useMe();
  const { data } = useQuery(peopleNamesQuery);
  const others = (data?.people ?? []).filter((p) => p.id !== me?.id);
  return <NamedSelect {...props} fixed={FIXED} named={others} />;
}
