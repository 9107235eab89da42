import { memo, useEffect, useRef } from 'react';
import { cn } from '@/web/lib/cn';
import { GAP, useGalleryGrid } from './use-gallery-grid';
import { useTileLoader } from './use-tile-loader';
import type { GridWindow } from './gallery-window';
import type { GalleryTile } from '@/web/jobs/utils/gallery-tiles';
import type { Selection } from '../selection/selection';
import { isSelected } from '../selection/selection';
import { rowPlaces } from './window-moves';
import { GalleryTileView } from './gallery-tile';
import type { TileActionHandlers } from './tile-actions';

interface GalleryGridProps {
  /** The loaded tiles; `gridWindow.before` more lie above them, let go. */
  tiles: readonly GalleryTile[];
  busy: boolean;
  hasMore: boolean;
  loadMore: () => void;
  gridWindow: GridWindow;
  /** Changes whenever what sits above the grid may have changed its height. */
  layoutKey: string;
  /** The selection, while selecting; undefined otherwise. */
  selection: Selection | undefined;
  onTile: (key: string, shift: boolean, at: number) => void;
  actions: TileActionHandlers;
}

/**
 * The virtualised grid alone, memoised apart from the gallery's dialogs and toolbars: a
 * scroll that brings a new row in re-renders this and the new row, nothing else.
 */
export const GalleryGrid = memo(function GalleryGrid({
  tiles,
  busy,
  hasMore,
  loadMore,
  gridWindow,
  layoutKey,
  ...rowProps
}: GalleryGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { cols, size, top, drawn, height } = useGalleryGrid(ref, {
    count: tiles.length,
    hasMore,
    loadMore,
    gridWindow,
    layoutKey,
  });
  const { before } = gridWindow;
  const checkLoads = useTileLoader(ref);
  useEffect(checkLoads);
  return (
    // Dimmed only when a new search is slow to answer: most answer before the delay ends,
    // and a layer faded on each keystroke would be repainted for nothing.
    <div
      ref={ref}
      role="list"
      aria-label="Gallery"
      aria-busy={busy}
      className={cn('relative w-full transition-opacity', busy && 'opacity-60 delay-200')}
      style={{ height }}
    >
      {drawn.map((row) => (
        <GalleryRow
          key={row.key}
          tiles={tiles}
          before={before}
          from={row.index * cols}
          cols={cols}
          offset={row.start - top}
          size={size}
          count={hasMore ? -1 : before + tiles.length}
          {...rowProps}
        />
      ))}
    </div>
  );
});

interface GalleryRowProps extends Pick<
  GalleryGridProps,
  'tiles' | 'selection' | 'onTile' | 'actions'
> {
  /** Tiles above the loaded ones; `from` counts them. */
  before: number;
  /** The row's first place among all tiles, from 0. */
  from: number;
  cols: number;
  offset: number;
  size: number;
  count: number;
}

/**
 * One row of tiles; memoised, so rows already drawn are left alone as others come in. The
 * places of tiles let go above the window stay empty until their page is fetched again.
 */
const GalleryRow = memo(function GalleryRow({
  tiles,
  before,
  from,
  cols,
  offset,
  size,
  count,
  selection,
  onTile,
  actions,
}: GalleryRowProps) {
  const places = rowPlaces(from, cols, before);
  return (
    <div role="presentation" className="absolute left-0 flex" style={{ top: offset, gap: GAP }}>
      {Array.from({ length: places.empty }, (_, i) => (
        <div key={`empty-${i}`} style={{ width: size, height: size }} />
      ))}
      {tiles.slice(places.start, places.end).map((tile, i) => (
        <GalleryTileView
          key={tile.key}
          tile={tile}
          position={before + places.start + i + 1}
          count={count}
          size={size}
          selected={selection ? isSelected(selection, tile.job.id) : undefined}
          onOpen={onTile}
          actions={actions}
        />
      ))}
    </div>
  );
});
