import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { GridWindow } from './gallery-window';
import { nextWanted, previousWanted, type WindowView } from './window-moves';

const MIN_TILE = 160;
export const GAP = 4;
/**
 * Ask for the next page while this many rows (about six screens) are still below the last
 * one drawn, so a steady scroll does not reach the end before the page arrives.
 */
const LOAD_AHEAD_ROWS = 30;

/** The grid's width, followed as the window resizes. */
function useWidth(ref: RefObject<HTMLDivElement | null>): number {
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
  const [top, setTop] = useState(0);
  // Anything above the grid may change its height (filters, the selection bar).
  useLayoutEffect(() => {
    setTop((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, [ref, width, o.layoutKey]);
  const virtual = useWindowVirtualizer({
    count: rows,
    estimateSize: () => size + GAP,
    overscan: 3,
    scrollMargin: top,
  });
  useEffect(() => virtual.measure(), [virtual, size]);
  const drawn = virtual.getVirtualItems();
  const { hasMore, loadMore } = o;
  const { hasPrevious, loadPrevious, ...gridWindow } = o.gridWindow;
  const view: WindowView = {
    ...gridWindow,
    cols,
    rows,
    // Half the rows at most, so a short first page is not followed at once by the next.
    ahead: Math.min(LOAD_AHEAD_ROWS, Math.floor(rows / 2)),
    firstDrawn: drawn[0]?.index ?? 0,
    lastDrawn: drawn.at(-1)?.index ?? 0,
    count: o.count,
    backward: virtual.scrollDirection === 'backward',
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
  return { cols, size, top, drawn, height: virtual.getTotalSize() };
}
