import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { cn } from '@/web/lib/cn';
import { usePendingDeletes } from '../stores/pending-deletes';
import { galleryTiles } from '../utils/gallery-tiles';
import { UndoDeletes } from './undo-deletes';
import { GalleryLightbox, type ResultReuse } from './gallery-lightbox';
import { GalleryTileView } from './gallery-tile';

const MIN_TILE = 160;
const GAP = 4;
/** Ask for the next page while this many rows are still below the last one drawn. */
const LOAD_AHEAD_ROWS = 6;

interface JobGalleryProps {
  jobs: readonly Job[];
  busy: boolean;
  /** Older results exist; `loadMore` fetches them (called as the end comes near). */
  hasMore: boolean;
  loadMore: () => void;
  reuse: ResultReuse;
}

/** The grid's width, followed as the window resizes. */
function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
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
 * Every output image and clip of the results as a dense grid, newest first. Only the rows
 * on screen (and a few around them) are in the page, so it stays light however many
 * thousand results are loaded; the next page is fetched as the end comes near.
 */
export function JobGallery({ jobs, busy, hasMore, loadMore, reuse }: JobGalleryProps) {
  const pending = usePendingDeletes();
  const tiles = useMemo(() => {
    const hidden = new Set(pending.map((p) => p.id));
    return galleryTiles(hidden.size > 0 ? jobs.filter((j) => !hidden.has(j.id)) : jobs);
  }, [jobs, pending]);
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const cols = Math.max(2, Math.floor((width + GAP) / (MIN_TILE + GAP)));
  const size = width > 0 ? Math.floor((width - GAP * (cols - 1)) / cols) : MIN_TILE;
  const rows = Math.ceil(tiles.length / cols);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    setTop((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, [width]);
  const rowsV = useWindowVirtualizer({
    count: rows,
    estimateSize: () => size + GAP,
    overscan: 3,
    scrollMargin: top,
  });
  useEffect(() => rowsV.measure(), [rowsV, size]);
  const drawn = rowsV.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastDrawn >= rows - LOAD_AHEAD_ROWS) loadMore();
  }, [hasMore, lastDrawn, rows, loadMore]);

  const [openKey, setOpenKey] = useState<string | null>(null);
  const openAt = openKey === null ? -1 : tiles.findIndex((t) => t.key === openKey);
  const step = (delta: number) => {
    const next = tiles[openAt + delta];
    if (next) setOpenKey(next.key);
    if (openAt + delta >= tiles.length - cols * 2 && hasMore) loadMore();
  };

  return (
    <>
      <div
        ref={ref}
        role="list"
        aria-label="Gallery"
        aria-busy={busy}
        className={cn('relative w-full transition-opacity', busy && 'opacity-60')}
        style={{ height: rowsV.getTotalSize() }}
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
                onOpen={setOpenKey}
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
          const key = openKey;
          setOpenKey(null);
          // Back to the tile it was opened from, once the dialog has given focus back.
          setTimeout(() => document.querySelector<HTMLElement>(`[data-tile="${key}"]`)?.focus());
        }}
        reuse={reuse}
      />
      <UndoDeletes />
    </>
  );
}
