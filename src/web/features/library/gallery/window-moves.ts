/** The gallery's grid as it is drawn now, and its window of pages (gallery-window.ts). */
export interface WindowView {
  cols: number;
  /** Rows of every place, those let go above the window included. */
  rows: number;
  /** Rows before an end at which the next page there is fetched. */
  ahead: number;
  firstDrawn: number;
  lastDrawn: number;
  /** Tiles let go above the window, then those it holds. */
  before: number;
  count: number;
  backward: boolean;
  full: boolean;
  firstPage: number;
  lastPage: number;
}

/**
 * Fetch the next (older) page: the end is near and the scroll is not going up. A full
 * window lets its first page go for it, so only once none of that page is drawn.
 */
export function nextWanted(v: WindowView): boolean {
  const firstGoes = !v.full || v.before + v.firstPage <= v.firstDrawn * v.cols;
  return !v.backward && v.lastDrawn >= v.rows - v.ahead && firstGoes;
}

/**
 * Fetch the previous (newer) page: on the way up near the window's start, or at once where
 * the screen shows places let go (a jump to the top). Never on the way down, so the two
 * ends do not call each other back. The last page goes for it only once none of it is drawn.
 */
export function previousWanted(v: WindowView): boolean {
  const lastGoes = !v.full || v.before + v.count - v.lastPage >= (v.lastDrawn + 1) * v.cols;
  const startRow = Math.floor(v.before / v.cols);
  const near = v.firstDrawn < startRow || (v.backward && v.firstDrawn <= startRow + v.ahead);
  return near && lastGoes;
}

/**
 * A row of the grid against the window: how many of its places, from the left, were let
 * go (drawn empty), and which of the loaded tiles fill the rest (`start` to `end`).
 */
export function rowPlaces(from: number, cols: number, before: number) {
  const empty = Math.min(cols, Math.max(0, before - from));
  const start = Math.max(0, from - before);
  return { empty, start, end: Math.max(start, from + cols - before) };
}
