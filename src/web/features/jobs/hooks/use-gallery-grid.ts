import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

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
  count: number;
  hasMore: boolean;
  loadMore: () => void;
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
  const rows = Math.ceil(o.count / cols);
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
  const lastDrawn = drawn.at(-1)?.index ?? 0;
  const { hasMore, loadMore } = o;
  useEffect(() => {
    // Half the rows at most, so a short first page is not followed at once by the next.
    const ahead = Math.min(LOAD_AHEAD_ROWS, Math.floor(rows / 2));
    if (hasMore && lastDrawn >= rows - ahead) loadMore();
  }, [hasMore, lastDrawn, rows, loadMore]);
  return { cols, size, top, drawn, height: virtual.getTotalSize() };
}
