import { useEffect, useRef, useState } from 'react';
import type { Announcement } from '../jobs/utils/job-announcements';
import { jobDomId } from '../jobs/utils/job-dom-id';
import { jobHref } from './router';

/** How long a toast stays, counted only while the pointer and focus are elsewhere. */
const TOAST_MS = 10_000;

/** Scrolls to the card when it is on this page; otherwise the link opens the job's page. */
function showCard(e: React.MouseEvent, jobId: string): void {
  const card = document.getElementById(jobDomId(jobId));
  if (!card) return;
  e.preventDefault();
  card.scrollIntoView({ block: 'center' });
  card.focus({ preventScroll: true });
}

export function JobToasts({
  toasts,
  onDismiss,
}: {
  toasts: readonly Announcement[];
  onDismiss: (jobId: string) => void;
}) {
  const [held, setHeld] = useState(false);
  const box = useRef<HTMLElement>(null);
  const oldest = toasts[0];
  useEffect(() => {
    if (!oldest || held) return;
    const t = setTimeout(() => onDismiss(oldest.jobId), TOAST_MS);
    return () => clearTimeout(t);
  }, [oldest, held, onDismiss]);
  if (toasts.length === 0) return null;
  return (
    <section
      ref={box}
      aria-label="Finished jobs"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => setHeld(box.current?.contains(e.relatedTarget) ?? false)}
      className="fixed right-3 bottom-20 z-40 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2 md:bottom-4"
    >
      {toasts.map((t) => (
        <div
          key={t.jobId}
          data-testid="job-toast"
          className="flex items-start gap-2 rounded-lg border border-zinc-700 bg-zinc-900 p-3 text-sm text-zinc-100 shadow-lg"
        >
          <p className="min-w-0 flex-1 break-words">
            {t.text}{' '}
            <a
              href={jobHref(t.jobId)}
              onClick={(e) => {
                showCard(e, t.jobId);
                onDismiss(t.jobId);
              }}
              className="font-medium text-indigo-300 underline underline-offset-2"
            >
              Show the job
            </a>
          </p>
          <button
            type="button"
            aria-label={`Dismiss: ${t.text}`}
            onClick={() => onDismiss(t.jobId)}
            className="-m-1 rounded-md p-1 text-zinc-400 hover:text-zinc-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
