import { useCallback, useMemo, useRef, useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import { GAP, useGalleryGrid } from '../hooks/use-gallery-grid';
import { usePendingDeletes } from '../stores/pending-deletes';
import { galleryTiles } from '../utils/gallery-tiles';
import type { Selection } from '../utils/selection';
import { extended, isSelected, noSelection, toggled } from '../utils/selection';
import { GallerySelection } from './gallery-selection';
import { UndoDeletes } from './undo-deletes';
import { GalleryLightbox, type ResultReuse } from './gallery-lightbox';
import { GalleryTileView } from './gallery-tile';

interface JobGalleryProps {
  jobs: readonly Job[];
  busy: boolean;
  /** Older results exist; `loadMore` fetches them (called as the end comes near). */
  hasMore: boolean;
  loadMore: () => void;
  reuse: ResultReuse;
  /** The filter as a query, for exporting everything it matches. */
  filterQuery: string;
}

/**
 * Every output image and clip of the results as a dense grid, newest first. Only the rows
 * on screen (and a few around them) are in the page, so it stays light however many
 * thousand results are loaded; the next page is fetched as the end comes near.
 */
export function JobGallery({ jobs, busy, hasMore, loadMore, reuse, filterQuery }: JobGalleryProps) {
  const tiles = useVisibleTiles(jobs);
  const ref = useRef<HTMLDivElement>(null);
  const [selecting, setSelecting] = useState(false);
  const { cols, size, top, drawn, height } = useGalleryGrid(ref, {
    count: tiles.length,
    hasMore,
    loadMore,
    layoutKey: `${selecting}`,
  });

  const [openKey, setOpenKey] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(noSelection);
  const order = useMemo(() => tiles.map((t) => t.job.id), [tiles]);
  // Stable while nothing but the scroll changes, so the memoised tiles are not redrawn.
  const onTile = useCallback(
    (key: string, shift: boolean, at: number) => {
      if (!selecting) return setOpenKey(key);
      setSelection((sel) => (shift ? extended : toggled)(sel, order, at));
    },
    [selecting, order],
  );
  const openAt = openKey === null ? -1 : tiles.findIndex((t) => t.key === openKey);
  const step = (delta: number) => {
    const next = tiles[openAt + delta];
    if (next) setOpenKey(next.key);
    if (openAt + delta >= tiles.length - cols * 2 && hasMore) loadMore();
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
      />
      <div
        ref={ref}
        role="list"
        aria-label="Gallery"
        aria-busy={busy}
        className={cn('relative w-full transition-opacity', busy && 'opacity-60')}
        style={{ height }}
      >
        {drawn.map((row) => (
          <div
            key={row.key}
            role="presentation"
            className="absolute left-0 flex"
            style={{ top: row.start - top, gap: GAP }}
          >
            {tiles.slice(row.index * cols, row.index * cols + cols).map((tile, i) => (
              <GalleryTileView
                key={tile.key}
                tile={tile}
                position={row.index * cols + i + 1}
                count={tiles.length}
                size={size}
                selected={selecting ? isSelected(selection, tile.job.id) : undefined}
                onOpen={onTile}
              />
            ))}
          </div>
        ))}
      </div>
      <GalleryLightbox
        tile={tiles[openAt] ?? null}
        position={openAt + 1}
        count={tiles.length}
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
