import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
} from 'react';
import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import { useHighlightedJobId } from '@/web/jobs/stores/highlight-store';
import { jobLabel } from '@/web/jobs/utils/job-view';
import { CardScroller, jobDomId } from '@/web/jobs/utils/job-dom-id';
import {
  DeferredThumbs,
  JobCard,
  LazyLightbox,
  cardRelations,
  useLightbox,
} from '@/web/features/feed';
import type { GridWindow } from '../gallery/gallery-window';
import { letImagesGo, useFlinging, useTileLoader } from '../gallery/use-tile-loader';
import { rowPlaces } from '../gallery/window-moves';
import { useCardRows } from './use-card-rows';

interface ProgressiveCardListProps {
  /** The loaded jobs; `gridWindow.before` more lie above them, let go. */
  jobs: readonly Job[];
  /** The feed's accessible name. */
  label: string;
  /** Results are being replaced (a new search): shown dimmed and marked busy. */
  busy: boolean;
  onUsePrompt: ((prompt: string) => void) | undefined;
  /** Older results exist; `loadMore` fetches them (called as the end comes near). */
  hasMore: boolean;
  loadMore: () => void;
  /** The pages the list holds of all it could show; see gallery-window.ts. */
  gridWindow: GridWindow;
}

/** The job a card's DOM id names (`jobDomId`). */
const cardJob = (el: EventTarget): string | null => {
  const card = el instanceof Element ? el.closest('article') : null;
  return card?.id.startsWith(jobDomId('')) ? card.id.slice(jobDomId('').length) : null;
};

/**
 * The library's cards, windowed like the gallery (`hooks/use-card-rows.ts`): rows of one
 * card (two on very wide screens), each as tall as it measures, only those near the screen
 * in the page, and the query's pages far from it let go and fetched again on the way
 * back. The feed's articles say their place among all results (aria-posinset, setsize).
 * Kept drawn wherever the scroll is: the focused card and those beside it, so Tab goes on
 * card by card; a lineage link's target, which the list scrolls to (`CardScroller`); and
 * the viewer's job. Thumbnails load through the gallery's loader, four files at a time
 * (`DeferredThumbs`), so the next keystroke's search always finds a free connection. Kept
 * out of the feed's list so the first page does not carry it.
 */
export function ProgressiveCardList(props: ProgressiveCardListProps) {
  const { jobs, label, busy, onUsePrompt, hasMore, gridWindow } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const viewing = useLightbox();
  const shown = [useHighlightedJobId(), viewing?.jobId ?? null];
  const { before } = gridWindow;
  const flinging = useFlinging();
  const { cols, top, drawn, height, measure, scrollToJob, kept } = useCardRows(ref, {
    jobs,
    hasMore,
    loadMore: props.loadMore,
    gridWindow,
    focused,
    shown,
    layoutKey: `${busy} ${hasMore} ${before} ${jobs.length}`,
  });
  const checkLoads = useTileLoader(ref);
  useEffect(checkLoads);
  const related = useMemo(() => cardRelations(jobs), [jobs]);
  const setsize = hasMore ? -1 : before + jobs.length;
  const cards = { jobs, before, setsize, onUsePrompt, related };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    // Focus gone elsewhere in the page; a window losing focus keeps the card.
    if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setFocused(null);
  };
  return (
    <CardScroller value={scrollToJob}>
      <DeferredThumbs value>
        <div
          ref={ref}
          role="feed"
          aria-label={label}
          aria-busy={busy}
          onFocus={(e) => setFocused(cardJob(e.target))}
          onBlur={onBlur}
          // Dimmed only when a new search is slow to answer (see gallery-grid.tsx).
          className={cn('relative transition-opacity', busy && 'opacity-60 delay-200')}
          style={{ height }}
        >
          {drawn.map((row) => (
            <CardRow
              key={row.key}
              index={row.index}
              size={row.size}
              offset={row.start - top}
              cols={cols}
              measure={measure}
              flinging={flinging && !kept.includes(row.index)}
              {...cards}
            />
          ))}
        </div>
      </DeferredThumbs>
      {viewing ? <LazyLightbox.Component jobs={jobs} /> : null}
    </CardScroller>
  );
}

interface CardRowProps {
  index: number;
  /** The row's height as the virtualizer has it: measured, or the estimate. */
  size: number;
  /** Where the row starts in the list. */
  offset: number;
  cols: number;
  measure: (el: HTMLDivElement | null) => void;
  /** The page is flung past the row (and it is not one kept drawn): see `CardRow`. */
  flinging: boolean;
  jobs: readonly Job[];
  before: number;
  setsize: number;
  onUsePrompt: ((prompt: string) => void) | undefined;
  related: ReturnType<typeof cardRelations>;
}

/**
 * One row of cards; places let go above the window are drawn empty until they come back.
 * A row that comes in while the page is flung past it shows its cards' outlines (title and
 * place, at the row's height) until the fling ends: a card's media, actions and menus cost
 * a frame's time to mount, and a fling mounts one a frame. A row drawn whole stays whole.
 */
const CardRow = memo(function CardRow(props: CardRowProps) {
  const { index, size, offset, cols, measure, jobs, before, setsize } = props;
  const places = rowPlaces(index * cols, cols, before);
  const shown = jobs.slice(places.start, places.end);
  const [whole, setWhole] = useState(!props.flinging);
  // Kept with the render (React's pattern for state derived from the props before).
  if (!whole && !props.flinging) setWhole(true);
  // A row whose places were all let go keeps its room, measured before, until they return;
  // an outlined one its room as measured or estimated, until its cards are drawn whole.
  const sized = shown.length === 0 || !whole;
  const row = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      row.current = el;
      if (!sized) measure(el);
    },
    [sized, measure],
  );
  // Before the row leaves the page, with its thumbnails still in it (`letImagesGo`).
  useLayoutEffect(() => {
    const el = row.current;
    return () => {
      if (el) letImagesGo(el);
    };
  }, []);
  return (
    <div
      role="none"
      data-index={index}
      ref={ref}
      className="absolute inset-x-0 grid gap-4"
      style={{
        top: offset,
        height: sized ? size : undefined,
        gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
      }}
    >
      {Array.from({ length: places.empty }, (_, i) => (
        <div key={`gone-${i}`} />
      ))}
      {shown.map((job, i) => {
        const place = { posinset: before + places.start + i + 1, setsize };
        return whole ? (
          <JobCard
            key={job.id}
            job={job}
            {...props.related(job)}
            onUsePrompt={props.onUsePrompt}
            {...place}
          />
        ) : (
          <CardOutline key={job.id} job={job} {...place} />
        );
      })}
    </div>
  );
});

/** A card's outline while the page is flung past it: its frame, title and place. */
function CardOutline({ job, posinset, setsize }: { job: Job; posinset: number; setsize: number }) {
  return (
    <article
      aria-label={jobLabel(job)}
      aria-posinset={posinset}
      aria-setsize={setsize}
      className="min-w-0 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h3 className="truncate text-sm font-medium text-zinc-100">{job.title}</h3>
    </article>
  );
}
