/**
 * How many of a list's first jobs may be drawn when the cards of `mounted` are drawn
 * already: all of them, up to the one that would be the (`batch` + 1)th new card. A new
 * job on top of a feed is one new card; a refined search shares most of its cards.
 */
export function cardsToDraw(
  jobs: readonly { id: string }[],
  mounted: ReadonlySet<string>,
  batch: number,
): number {
  let fresh = 0;
  const stop = jobs.findIndex((j) => !mounted.has(j.id) && fresh++ === batch);
  return stop < 0 ? jobs.length : stop;
}

/** A list's ids (joined by spaces) and how many of its first cards are drawn. */
export interface Drawn {
  ids: string;
  count: number;
}

export const NOTHING_DRAWN: Drawn = { ids: '', count: 0 };

/**
 * What to draw of `jobs` after `drawn`: the same when the list is the same (a running
 * job's progress makes no new list), else the cards drawn before that it still holds and
 * at most `batch` new ones (`cardsToDraw`), or `appended` new ones when the list is the
 * one before with more after it (a page the user asked for with Load more). More follow
 * only when asked (`drawMore`).
 */
export function drawnFor(
  drawn: Drawn,
  jobs: readonly { id: string }[],
  batch: number,
  appended = batch,
): Drawn {
  const ids = jobs.map((j) => j.id).join(' ');
  if (ids === drawn.ids) return drawn;
  const before = new Set(drawn.ids.split(' ').slice(0, drawn.count));
  const grown = drawn.ids !== '' && ids.startsWith(`${drawn.ids} `);
  return { ids, count: cardsToDraw(jobs, before, grown ? appended : batch) };
}

/** `drawn` with at least its first `count` cards drawn (no more than the list holds). */
export function drawMore(drawn: Drawn, count: number): Drawn {
  const total = drawn.ids === '' ? 0 : drawn.ids.split(' ').length;
  const next = Math.min(Math.max(drawn.count, count), total);
  return next === drawn.count ? drawn : { ids: drawn.ids, count: next };
}
