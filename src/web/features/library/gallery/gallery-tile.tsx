import { memo, useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { cn } from '@/web/lib/cn';
import type { GalleryTile } from '@/web/jobs/utils/gallery-tiles';
import { thumbUrl } from '@/web/jobs/utils/gallery-tiles';
import { imageAlt, videoLabel } from '@/web/jobs/utils/job-view';
import { TileActions, type TileActionHandlers } from './tile-actions';

interface GalleryTileViewProps {
  tile: GalleryTile;
  /** Its position among all tiles, from 1, and how many there are (-1: more to load). */
  position: number;
  count: number;
  size: number;
  /** While selecting: whether its job is chosen (the click then chooses, not opens). */
  selected: boolean | undefined;
  /** The tile's key, whether Shift was held, and its index among all tiles. */
  onOpen: (key: string, shift: boolean, at: number) => void;
  actions: TileActionHandlers;
}

/** Pointed at or holding the focus (the tile or one of its actions). */
function useActive() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
    },
  };
  return { active: hovered || focused, handlers };
}

/**
 * One output in the gallery: its thumbnail (a clip plays muted while hovered or focused),
 * and on hover or focus its prompt and its actions, drawn for that one tile only, so the
 * cost of a scroll does not grow with them. The file is asked for by the grid's loader
 * (`data-src`). Memoised: scrolling or appending a page re-renders no drawn tile.
 */
export const GalleryTileView = memo(function GalleryTileView({
  tile,
  position,
  count,
  size,
  selected,
  onOpen,
  actions,
}: GalleryTileViewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const { active, handlers } = useActive();
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (active) void v.play().catch(() => undefined);
    else v.pause();
  }, [active]);
  const label =
    tile.kind === 'video'
      ? videoLabel(tile.index, tile.job.prompt)
      : imageAlt(tile.index, tile.job.prompt);
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={count}
      className="relative shrink-0 [contain:strict]"
      style={{ width: size, height: size }}
      {...handlers}
    >
      <button
        type="button"
        aria-label={label}
        data-tile={tile.key}
        aria-pressed={selected}
        onClick={(e) => onOpen(tile.key, e.shiftKey, position - 1)}
        className={cn(
          'block size-full overflow-hidden rounded bg-zinc-800 focus-visible:outline-offset-[-2px]',
          selected === undefined ? 'cursor-zoom-in' : 'cursor-pointer',
          selected && 'ring-4 ring-inset ring-indigo-400',
        )}
      >
        <TileMedia tile={tile} size={size} video={video} />
      </button>
      {active ? (
        <>
          <span className="pointer-events-none absolute inset-x-0 bottom-0 line-clamp-3 rounded-b bg-black/75 p-2 text-left text-xs text-zinc-100">
            {tile.job.prompt || tile.job.operation}
          </span>
          <TileActions tile={tile} at={position - 1} selected={selected} {...actions} />
        </>
      ) : null}
      {selected ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1 left-1 rounded-full bg-indigo-500 px-1.5 text-xs text-white"
        >
          ✓
        </span>
      ) : null}
    </div>
  );
});

interface TileMediaProps {
  tile: GalleryTile;
  size: number;
  video: RefObject<HTMLVideoElement | null>;
}

/** The thumbnail, or the clip (muted, looped); `data-src` until the grid's loader asks. */
function TileMedia({ tile, size, video }: TileMediaProps) {
  return tile.kind === 'image' ? (
    <img
      data-src={thumbUrl(tile.item)}
      alt=""
      decoding="async"
      width={size}
      height={size}
      className="size-full object-cover"
    />
  ) : (
    <video
      ref={video}
      data-src={tile.item.url}
      muted
      loop
      playsInline
      preload="metadata"
      className="size-full object-cover"
    />
  );
}
