import { infiniteQueryOptions } from '@tanstack/react-query';
import type { JobList } from '@/contract/studio-api';
import type { JobFilter } from './job-filter';
import { jobQueries, type SearchSpec } from './job-queries';

/**
 * For the jobs layer's tests: a filtered search keyed as the library's windows key theirs
 * (under `jobQueries.searches()`, its filter in the key), on plain cursor pages. The
 * windows themselves are the library's, which this layer may not import.
 */
export const searchQuery = (filter: JobFilter, limit: number) =>
  infiniteQueryOptions({
    queryKey: [...jobQueries.searches(), { filter, limit } satisfies SearchSpec] as const,
    queryFn: (): Promise<JobList> => Promise.reject(new Error('each test answers itself')),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: JobList) => last.nextCursor ?? undefined,
  });
