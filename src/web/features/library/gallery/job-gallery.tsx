import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { usePendingDeletes } from '../deletes/pending-deletes';
import type { GridWindow } from './gallery-window';
import { galleryTiles } from '@/web/jobs/utils/gallery-tiles';
import type { Selection } from '../selection/selection';
import { extended, noSelection, toggled } from '../selection/selection';
import { GalleryGrid } from './gallery-grid';
import { GallerySelection } from '../selection/gallery-selection';
import { UndoDeletes } from '../deletes/undo-deletes';
import { GalleryLightbox, type ResultReuse } from '../viewer/gallery-lightbox';
import type { TileActionHandlers } from './tile-actions';

/** The viewer asks for the next page this many results before the last one loaded. */
const VIEWER_LOAD_AHEAD = 20;

interface JobGalleryProps {
  jobs: readonly Job[];
  busy: boolean;
  /** Older results exist; `loadMore` fetches them (called as the end comes near). */
  hasMore: boolean;
  loadMore: () => void;
  /** The pages the gallery holds of all it could show; see gallery-window.ts. */
  gridWindow: GridWindow;
  reuse: ResultReuse;
  /** The filter as a query, for exporting everything it matches. */
  filterQuery: string;
}

/**
 * Every output image and clip of the results as a dense grid, newest first. Only the rows
 * on screen (and a few around them) are in the page, so it stays light however many
 * thousand results are loaded; the next page is fetched as the end comes near.
 */
export function JobGallery(props: JobGalleryProps) {
  const { jobs, busy, hasMore, loadMore, gridWindow, reuse, filterQuery } = props;
  const tiles = useVisibleTiles(jobs);
  const { before } = gridWindow;
  const [selecting, setSelecting] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(noSelection);
  const order = useMemo(() => tiles.map((t) => t.job.id), [tiles]);
  // Read when a tile is clicked, not a dependency: a page appended redraws no tile.
  const orderNow = useRef(order);
  // Tiles give their place among all results; `order` starts after the `before` let go.
  const beforeNow = useRef(before);
  useLayoutEffect(() => {
    orderNow.current = order;
    beforeNow.current = before;
  }, [order, before]);
  // Stable while nothing but the scroll changes, so the memoised tiles are not redrawn.
  const onTile = useCallback(
    (key: string, shift: boolean, at: number) => {
      if (!selecting) return setOpenKey(key);
      const i = at - beforeNow.current;
      setSelection((sel) => (shift ? extended : toggled)(sel, orderNow.current, i));
    },
    [selecting],
  );
  const actions = useMemo<TileActionHandlers>(
    () => ({
      onView: setOpenKey,
      onSelect: (at) => {
        // A tile's Select starts a selection when none is under way, with that tile in it.
        const i = at - beforeNow.current;
        setSelection((sel) => toggled(selecting ? sel : noSelection, orderNow.current, i));
        setSelecting(true);
      },
      reuse,
    }),
    [selecting, reuse],
  );
  const openAt = openKey === null ? -1 : tiles.findIndex((t) => t.key === openKey);
  const step = (delta: number) => {
    const next = tiles[openAt + delta];
    if (next) setOpenKey(next.key);
    if (openAt + delta >= tiles.length - VIEWER_LOAD_AHEAD && hasMore) loadMore();
    if (openAt + delta < VIEWER_LOAD_AHEAD && gridWindow.hasPrevious) gridWindow.loadPrevious();
  };

  return (
    <>
      <GallerySelection
        selecting={selecting}
        onSelecting={setSelecting}
        selection={selection}
        onSelection={setSelection}
        loaded={order}
        filterQuery={filterQuery}
        jobs={jobs}
      />
      <GalleryGrid
        tiles={tiles}
        busy={busy}
        hasMore={hasMore}
        loadMore={loadMore}
        gridWindow={gridWindow}
        layoutKey={`${selecting}`}
        selection={selecting ? selection : undefined}
        onTile={onTile}
        actions={actions}
      />
      <GalleryLightbox
        tile={tiles[openAt] ?? null}
        position={before + openAt + 1}
        count={before + tiles.length}
        onStep={step}
        onClose={() => {
          setOpenKey(null);
          focusTileSoon(openKey);
        }}
        reuse={reuse}
      />
      <UndoDeletes />
    </>
  );
}

/** Back to the tile the viewer was opened from, once the dialog has given focus back. */
function focusTileSoon(key: string | null): void {
  setTimeout(() => document.querySelector<HTMLElement>(`[data-tile="${key}"]`)?.focus());
}

/** The tiles of the jobs, less those deleted and waiting out their undo time. */
function useVisibleTiles(jobs: readonly Job[]) {
  const pending = usePendingDeletes();
  return useMemo(() => {
    const hidden = new Set(pending.flatMap((p) => p.ids));
    return galleryTiles(hidden.size > 0 ? jobs.filter((j) => !hidden.has(j.id)) : jobs);
  }, [jobs, pending]);
}
