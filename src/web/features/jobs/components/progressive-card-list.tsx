import { useMountedCount } from '../hooks/use-mounted-count';
import { JobCardList, type JobCardListProps } from './job-card-list';

/**
 * The library's cards: a new search's first few cards with its results, the rest a few at
 * a time once the typing pauses (`hooks/use-mounted-count.ts`). Kept out of the feed's
 * list so the first page does not carry it.
 */
export function ProgressiveCardList(props: Omit<JobCardListProps, 'drawn'>) {
  const drawn = useMountedCount(props.jobs);
  return <JobCardList {...props} drawn={drawn} />;
}
