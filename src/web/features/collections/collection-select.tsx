import { useQuery } from '@tanstack/react-query';
import { NamedSelect, type NamedSelectProps } from '@/web/components/ui/named-select';
import { collectionQueries } from './api';

/** A collection's id, or `''` for every job. */
export type CollectionSelectProps = NamedSelectProps;

const ANY = [{ value: '', label: 'Any' }];

/**
 * The library's filter by collection: any job, or those with a result in one collection
 * (every collection of the studio, by name).
 */
export function CollectionSelect(props: CollectionSelectProps) {
  const { data } = useQuery(collectionQueries.list());
  return <NamedSelect {...props} fixed={ANY} named={data ?? []} />;
}
