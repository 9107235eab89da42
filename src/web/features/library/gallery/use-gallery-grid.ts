import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { GridWindow, PagesWindow } from './gallery-window';
import { nextWanted, previousWanted, type WindowView } from './window-moves';

const MIN_TILE = 160;
export const GAP = 4;
/**
 * Ask for the next page while this many rows (about six screens) are still below the last
 * one drawn, so a steady scroll does not reach the end before the page arrives.
 */
const LOAD_AHEAD_ROWS = 30;

/** The grid's width, followed as the window resizes. */
export function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Where a list starts in the page (its virtualizer's `scrollMargin`), read again whenever
 * `layoutKey` changes: anything above it may change its height (filters, a toolbar, the
 * summary line).
 */
export function useListTop(ref: RefObject<HTMLDivElement | null>, layoutKey: string): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    setTop((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, [ref, layoutKey]);
  return top;
}

/** Where a view's rows stand against its window of pages, for `useWindowMoves`. */
interface WindowRows extends Omit<WindowView, 'ahead' | keyof PagesWindow> {
  /** At most this many rows before an end (half the rows if fewer) fetch the next page there. */
  aheadRows: number;
  hasMore: boolean;
  loadMore: () => void;
  gridWindow: GridWindow;
}

/**
 * Moves a view's window of pages as its drawn rows near either end (utils/window-moves.ts):
 * the gallery's grid and the card list alike.
 */
export function useWindowMoves({ aheadRows, hasMore, loadMore, gridWindow, ...rows }: WindowRows) {
  const { hasPrevious, loadPrevious, ...pages } = gridWindow;
  const view: WindowView = {
    ...pages,
    ...rows,
    // Half the rows at most, so a short first page is not followed at once by the next.
    ahead: Math.min(aheadRows, Math.floor(rows.rows / 2)),
  };
  // Asked again after each fetch: the callbacks change as one starts and ends.
  const next = hasMore && nextWanted(view);
  useEffect(() => {
    if (next) loadMore();
  }, [next, loadMore]);
  const previous = hasPrevious && previousWanted(view);
  useEffect(() => {
    if (previous) loadPrevious();
  }, [previous, loadPrevious]);
}

interface GridOptions {
  /** Tiles loaded; `gridWindow.before` more lie above them. */
  count: number;
  hasMore: boolean;
  loadMore: () => void;
  gridWindow: GridWindow;
  /** Changes whenever what sits above the grid may have changed its height. */
  layoutKey: string;
}

/**
 * Square tiles, as many per row as the width holds, rows drawn only near the screen (the
 * window scrolls); asks for the next page as the last rows come near.
 */
export function useGalleryGrid(ref: RefObject<HTMLDivElement | null>, o: GridOptions) {
  const width = useWidth(ref);
  const cols = Math.max(2, Math.floor((width + GAP) / (MIN_TILE + GAP)));
  const size = width > 0 ? Math.floor((width - GAP * (cols - 1)) / cols) : MIN_TILE;
  const { before } = o.gridWindow;
  const rows = Math.ceil((before + o.count) / cols);
  const top = useListTop(ref, `${width} ${o.layoutKey}`);
  const virtual = useWindowVirtualizer({
    count: rows,
    estimateSize: () => size + GAP,
    overscan: 3,
    scrollMargin: top,
  });
  useEffect(() => virtual.measure(), [virtual, size]);
  const drawn = virtual.getVirtualItems();
  useWindowMoves({
    cols,
    rows,
    aheadRows: LOAD_AHEAD_ROWS,
    firstDrawn: drawn[0]?.index ?? 0,
    lastDrawn: drawn.at(-1)?.index ?? 0,
    count: o.count,
    backward: virtual.scrollDirection === 'backward',
    hasMore: o.hasMore,
    loadMore: o.loadMore,
    gridWindow: o.gridWindow,
  });
  return { cols, size, top, drawn, height: virtual.getTotalSize() };
}
