import { useCallback, useState } from 'react';
import type { Announcement } from '../jobs/utils/job-announcements';
import { jobDomId } from '../jobs/utils/job-dom-id';
import { lazyComponent } from '../lib/lazy-component';

/** At most this many toasts at once; a newer one pushes out the oldest. */
const MAX_TOASTS = 3;

/** Whether a job's card is in the page and at least partly inside the window. */
function cardOnScreen(jobId: string): boolean {
  const card = document.getElementById(jobDomId(jobId));
  if (!card) return false;
  const r = card.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
}

/**
 * Toasts for jobs that end where their card cannot be seen (scrolled away, or on another
 * page). The live region already tells screen readers, so toasts are not announced again,
 * and they never take focus.
 */
export function useJobToasts() {
  const [toasts, setToasts] = useState<Announcement[]>([]);
  const offer = useCallback((news: readonly Announcement[]) => {
    const unseen = news.filter((n) => !cardOnScreen(n.jobId));
    if (unseen.length > 0) setToasts((ts) => [...ts, ...unseen].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback(
    (jobId: string) => setToasts((ts) => ts.filter((t) => t.jobId !== jobId)),
    [],
  );
  return { toasts, offer, dismiss };
}

/** The toasts themselves: a chunk of its own, fetched when the browser is first idle. */
export const LazyJobToasts = lazyComponent(
  () => import('./job-toast-list').then((m) => m.JobToasts),
  { fallback: null },
);
