import { useEffect, useRef, type FocusEvent } from 'react';
import { useMountedCount } from './use-mounted-count';
import { useTileLoader } from '../gallery/use-tile-loader';
import { useHighlightedJobId } from '@/web/jobs/stores/highlight-store';
import { DeferredThumbs, JobCardList, type JobCardListProps } from '@/web/features/feed';

/** How far below the window the end of the drawn cards starts drawing more: 1.5 windows. */
const AHEAD = '0px 0px 150% 0px';
/** Cards only near the window wait for the list to stay the same this long (no keystroke). */
const SETTLE_MS = 250;

/**
 * The library's cards: a new search's first screen of cards with its results, the rest as
 * the user comes near them (`use-mounted-count.ts`): scrolling (a sentinel after the
 * last card, within 1.5 windows below the screen) or focus reaching the last card, so Tab
 * goes on to the next card, not past the cards not drawn yet. Their thumbnails load through
 * the gallery's loader, four files at a time (`DeferredThumbs`), so the next keystroke's
 * search always finds a free connection. Kept out of the feed's list so the first page
 * does not carry it.
 */
export function ProgressiveCardList(props: Omit<JobCardListProps, 'drawn'>) {
  const { count, more } = useMountedCount(props.jobs, useHighlightedJobId());
  const rest = count < props.jobs.length;
  const ref = useRef<HTMLDivElement>(null);
  const checkLoads = useTileLoader(ref);
  useEffect(checkLoads);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const card = e.target.closest('article');
    const feed = card?.parentElement;
    if (rest && feed?.getAttribute('role') === 'feed' && feed.lastElementChild === card) more(true);
  };
  return (
    <div ref={ref} onFocus={onFocus} className="space-y-3">
      <DeferredThumbs.Provider value>
        <JobCardList {...props} drawn={count} />
      </DeferredThumbs.Provider>
      {rest ? <Sentinel key={count} onNear={more} /> : null}
    </div>
  );
}

/**
 * An empty line after the last card that asks for more: at once when it is on screen (the
 * cards do not fill the window, or the page was scrolled to it), and when it is only near
 * (within `AHEAD`) once the list has stayed the same `SETTLE_MS`, so typing a search
 * meets no cards mounting beyond the first screen.
 */
function Sentinel({ onNear }: { onNear: (urgent: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // A new observer for each count (keyed) and list: its first report says where the end is.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (!entry?.isIntersecting) return;
        if (entry.boundingClientRect.top < window.innerHeight) onNear(false);
        else timer = setTimeout(() => onNear(false), SETTLE_MS);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [onNear]);
  return <div ref={ref} aria-hidden="true" className="h-px" />;
}
