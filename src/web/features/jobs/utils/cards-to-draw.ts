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
