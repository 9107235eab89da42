import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { flushSync } from 'react-dom';
import type { Job } from '@/contract/studio-api';
import { jobQueries } from '@/web/jobs/api/job-queries';
import { useHighlightActions } from '@/web/jobs/stores/highlight-store';
import { lineageLabel } from '@/web/jobs/utils/job-view';
import { CardScroller, jobDomId } from '@/web/jobs/utils/job-dom-id';

interface JobLineageProps {
  job: Job & { parentId: string };
  /** The parent when the feed holds it; otherwise it is looked up once. */
  parent: Job | undefined;
}

/** The address of a job's own page (the app's `#/job?id=`), where its lineage shows. */
export const jobPageHref = (id: string): string =>
  `#/job?${new URLSearchParams({ id }).toString()}`;

export function JobLineage({ job, parent }: JobLineageProps) {
  const lookup = useQuery({ ...jobQueries.detail(job.parentId), enabled: parent === undefined });
  const { parentLinkClicked } = useHighlightActions();
  const scrollTo = useContext(CardScroller);
  const parentOperation = (parent ?? lookup.data)?.operation ?? null;

  const showParent = () => {
    // At once: the library draws a card away from the screen only when asked (the highlight).
    flushSync(() => parentLinkClicked(job.parentId));
    const card = document.getElementById(jobDomId(job.parentId));
    if (!card) return;
    if (scrollTo) scrollTo(job.parentId);
    else card.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // Keyboard users land on the parent too, not only see it.
    card.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      onClick={showParent}
      disabled={parent === undefined}
      title={parent ? 'Show the parent job' : 'The parent job is not in this feed'}
      className="rounded text-xs text-zinc-400 underline decoration-zinc-600 underline-offset-2 hover:text-zinc-200 disabled:no-underline disabled:hover:text-zinc-400"
    >
      {lineageLabel(job, parentOperation)}
    </button>
  );
}

/** To the lineage view: how many follow-ups the list holds, or just "Lineage". */
export function LineageLink({ id, followUps }: { id: string; followUps: number }) {
  return (
    <a
      href={jobPageHref(id)}
      className="rounded text-xs text-zinc-400 underline decoration-zinc-600 underline-offset-2 hover:text-zinc-200"
    >
      {followUps > 0 ? `${followUps} follow-up${followUps === 1 ? '' : 's'}` : 'Lineage'}
    </a>
  );
}
