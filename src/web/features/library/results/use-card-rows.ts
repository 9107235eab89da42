import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { twoUpQuery } from '@/web/lib/two-up';
import type { GridWindow } from '../gallery/gallery-window';
import { placeShift, withRows, type Placed } from '../gallery/window-moves';
import { useListTop, useWidth, useWindowMoves } from '../gallery/use-gallery-grid';

/** The room between rows, as between the feed's cards (`gap-4`). */
const ROW_GAP = 16;
/** A row's height until it is measured: about a grid card's at the library's width. */
const ESTIMATE = 640;
/** Rows drawn beyond either edge of the screen. */
const OVERSCAN = 2;
/**
 * Ask for the next page while this many rows (some eight screens of cards) are still below
 * the last one drawn, so a steady scroll does not reach the end before the page arrives.
 */
const LOAD_AHEAD_ROWS = 12;
/** Two cards a row from Tailwind's `2xl`, as the feed's grid has them. */
const watchTwoUp = (changed: () => void) => {
  const query = twoUpQuery();
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** The cards a list shows, with how many columns it lays them out in. */
interface CardPlaces extends Placed {
  cols: number;
}

interface CardRowsOptions {
  jobs: CardPlaces['jobs'];
  hasMore: boolean;
  loadMore: () => void;
  gridWindow: GridWindow;
  /** The focused card's job: its row and those beside it stay drawn, so Tab meets them. */
  focused: string | null;
  /** Jobs whose cards stay drawn wherever the scroll is (a link's target, the viewer's). */
  shown: readonly (string | null)[];
  /** Changes whenever what sits above the list may have changed its height. */
  layoutKey: string;
}

/**
 * The library's cards in rows of one or two, each as tall as it measures, only those near
 * the screen drawn (the window scrolls), and the query's window of pages moved as the ends
 * come near, as the gallery's grid does (use-gallery-grid.ts). A row keeps its key, and
 * with it its measured height, while its page is let go and fetched again, and when jobs
 * come in above it (the keys follow the jobs: `placeShift`), so the card at the top of the
 * screen stays where it is when they do.
 */
export function useCardRows(ref: RefObject<HTMLDivElement | null>, o: CardRowsOptions) {
  const cols = useSyncExternalStore(watchTwoUp, () => twoUpQuery().matches) ? 2 : 1;
  const width = useWidth(ref);
  const top = useListTop(ref, `${width} ${o.layoutKey}`);
  const { jobs, gridWindow } = o;
  const { before } = gridWindow;
  const rows = Math.ceil((before + jobs.length) / cols);
  const origin = useKeyOrigin(jobs, before);
  const at = useMemo<CardPlaces>(() => ({ jobs, before, cols }), [jobs, before, cols]);
  const rowOf = useCallback((id: string | null) => rowOfJob(at, id), [at]);
  const focusedRow = rowOf(o.focused);
  const keptKey = [
    ...(focusedRow < 0 ? [] : [focusedRow - 1, focusedRow, focusedRow + 1]),
    ...o.shown.map(rowOf),
  ].join(' ');
  // The rows as a string first: the array made each render would make a new extractor.
  const kept = useMemo(() => (keptKey ? keptKey.split(' ').map(Number) : []), [keptKey]);
  const rangeExtractor = useCallback(
    (range: Range) => withRows(defaultRangeExtractor(range), kept, range.count),
    [kept],
  );
  const virtual = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ESTIMATE,
    getItemKey: useCallback((row: number) => row * cols - origin, [cols, origin]),
    rangeExtractor,
    overscan: OVERSCAN,
    gap: ROW_GAP,
    scrollMargin: top,
    // Jobs that come in above the screen (a new job on top, a page fetched again) leave the
    // card being read where it is: the virtualizer finds its row by key and scrolls by as
    // much as it moved. Not while the top of the list shows: a new job is seen coming then.
    anchorTo: window.scrollY > top ? 'end' : 'start',
  });
  // A new width lays every card out anew: the heights measured before no longer hold.
  useEffect(() => virtual.measure(), [virtual, width, cols]);
  const drawn = virtual.getVirtualItems();
  const range = virtual.range;
  useWindowMoves({
    cols,
    rows,
    aheadRows: LOAD_AHEAD_ROWS,
    // The rows near the screen, not those kept drawn elsewhere.
    firstDrawn: Math.max(0, (range?.startIndex ?? 0) - OVERSCAN),
    lastDrawn: Math.min(rows - 1, (range?.endIndex ?? 0) + OVERSCAN),
    count: jobs.length,
    backward: virtual.scrollDirection === 'backward',
    hasMore: o.hasMore,
    loadMore: o.loadMore,
    gridWindow,
  });
  const scrollToJob = useCallback(
    (id: string) => {
      const row = rowOf(id);
      if (row >= 0) virtual.scrollToIndex(row, { align: 'center', behavior: 'smooth' });
    },
    [rowOf, virtual],
  );
  return {
    cols,
    top,
    drawn,
    height: virtual.getTotalSize(),
    measure: virtual.measureElement,
    scrollToJob,
    kept,
  };
}

/** The row a job's card is in; -1 when the list does not hold it. */
function rowOfJob({ jobs, before, cols }: CardPlaces, id: string | null): number {
  const i = id === null ? -1 : jobs.findIndex((j) => j.id === id);
  return i < 0 ? -1 : Math.floor((before + i) / cols);
}

/**
 * Where the rows' keys start: each place's key is its place less this, which grows as jobs
 * come in above (by `placeShift`), so every card keeps its key. Kept with each render
 * (React's pattern for state derived from the props before).
 */
function useKeyOrigin(jobs: Placed['jobs'], before: number): number {
  const [keyed, setKeyed] = useState({ jobs, before, origin: 0 });
  if (keyed.jobs === jobs && keyed.before === before) return keyed.origin;
  const origin = keyed.origin + placeShift(keyed, { jobs, before });
  setKeyed({ jobs, before, origin });
  return origin;
}
