import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import type { GridWindow } from '../api/gallery-window';
import { useCardRows } from '../hooks/use-card-rows';
import { useTileLoader } from '../hooks/use-tile-loader';
import { useHighlightedJobId } from '../stores/highlight-store';
import { useLightbox } from '../stores/lightbox-store';
import { rowPlaces } from '../utils/window-moves';
import { DeferredThumbs } from './deferred-thumbs';
import { JobCard } from './job-card';
import { cardRelations } from './job-card-list';
import { LazyLightbox } from './lazy-parts';
import { CardScroller, jobDomId } from './job-dom-id';

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
  const { cols, top, drawn, height, measure, scrollToJob } = useCardRows(ref, {
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
    <CardScroller.Provider value={scrollToJob}>
      <DeferredThumbs.Provider value>
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
              row={row}
              places={rowPlaces(row.index * cols, cols, before)}
              cols={cols}
              offset={row.start - top}
              measure={measure}
              {...cards}
            />
          ))}
        </div>
      </DeferredThumbs.Provider>
      {viewing ? <LazyLightbox.Component jobs={jobs} /> : null}
    </CardScroller.Provider>
  );
}

interface CardRowProps {
  row: VirtualItem;
  /** The row's places against the window (`rowPlaces`). */
  places: ReturnType<typeof rowPlaces>;
  cols: number;
  /** Where the row starts in the list. */
  offset: number;
  measure: (el: HTMLDivElement | null) => void;
  jobs: readonly Job[];
  before: number;
  setsize: number;
  onUsePrompt: ((prompt: string) => void) | undefined;
  related: ReturnType<typeof cardRelations>;
}

/** One row of cards; places let go above the window are drawn empty until they come back. */
function CardRow({ row, places, cols, offset, measure, jobs, before, ...card }: CardRowProps) {
  const { related, setsize, onUsePrompt } = card;
  const shown = jobs.slice(places.start, places.end);
  // A row whose places were all let go keeps its room, measured before, until they return.
  const gone = shown.length === 0;
  return (
    <div
      role="none"
      data-index={row.index}
      ref={gone ? undefined : measure}
      className="absolute inset-x-0 grid gap-4"
      style={{
        top: offset,
        height: gone ? row.size : undefined,
        gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
      }}
    >
      {Array.from({ length: places.empty }, (_, i) => (
        <div key={`gone-${i}`} />
      ))}
      {shown.map((job, i) => (
        <JobCard
          key={job.id}
          job={job}
          {...related(job)}
          onUsePrompt={onUsePrompt}
          posinset={before + places.start + i + 1}
          setsize={setsize}
        />
      ))}
    </div>
  );
}
