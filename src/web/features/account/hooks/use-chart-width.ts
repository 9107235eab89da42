import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The chart's width in whole CSS pixels, read before the first paint (0 until then) so the
 * bars drawn at that width show in the frame that mounts them, and again on every resize.
 */
export function useChartWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box === null) return undefined;
    const read = () => setWidth(Math.floor(box.getBoundingClientRect().width));
    read();
    const watcher = new ResizeObserver(read);
    watcher.observe(box);
    return () => watcher.disconnect();
  }, [ref]);
  return width;
}
