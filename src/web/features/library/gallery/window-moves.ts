/**
 * A view of a window of pages (gallery-window.ts) as it is drawn now: the gallery's grid,
 * or the card list's rows of one or two cards. Places are tiles or jobs, as the window's.
 */
export interface WindowView {
  cols: number;
  /** Rows of every place, those let go above the window included. */
  rows: number;
  /** Rows before an end at which the next page there is fetched. */
  ahead: number;
  firstDrawn: number;
  lastDrawn: number;
  /** Places let go above the window, then those it holds. */
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

/** The jobs a list showed, and the place of the first of them among all results. */
export interface Placed {
  jobs: readonly { id: string }[];
  before: number;
}

/**
 * How many places the jobs shown before (`was`) moved down in the list now: a job put on
 * top moves them one down, a page let go above or fetched again none (its places are
 * counted). Read from the first job shown before, or the last when the first is gone; 0
 * when neither is shown now (another search).
 */
export function placeShift(was: Placed, now: Placed): number {
  const moved = (i: number): number | null => {
    const id = was.jobs[i]?.id;
    const at = id === undefined ? -1 : now.jobs.findIndex((j) => j.id === id);
    return at < 0 ? null : now.before + at - (was.before + i);
  };
  return moved(0) ?? moved(was.jobs.length - 1) ?? 0;
}

/**
 * The rows a virtualizer draws (`drawn`, in order) with `kept` ones wherever they are
 * (those outside the `count` rows left out), in order, each once.
 */
export function withRows(drawn: number[], kept: readonly number[], count: number): number[] {
  const extra = kept.filter((r) => r >= 0 && r < count && !drawn.includes(r));
  return extra.length === 0 ? drawn : [...new Set([...drawn, ...extra])].sort((a, b) => a - b);
}
