import { memo, useEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/cn';
import type { GalleryTile } from '../utils/gallery-tiles';
import { thumbUrl } from '../utils/gallery-tiles';
import { imageAlt, videoLabel } from '../utils/job-view';

interface GalleryTileViewProps {
  tile: GalleryTile;
  /** Its position among all tiles, from 1, and how many there are (for screen readers). */
  position: number;
  count: number;
  size: number;
  /** While selecting: whether its job is chosen (the click then chooses, not opens). */
  selected: boolean | undefined;
  /** The tile's key, whether Shift was held, and its index among all tiles. */
  onOpen: (key: string, shift: boolean, at: number) => void;
}

/** How long a tile stays drawn before its file is asked for. */
const SETTLE_MS = 120;

/**
 * True once the tile has stayed on screen a moment: a fast scroll draws and drops tiles by
 * the hundred, and their requests would queue in front of the next page and the tiles the
 * scroll stops on (a browser opens six connections to the studio).
 */
function useSettled(): boolean {
  // Drawn while the page is still (the first screen, a resize): asked for at once.
  const [settled, setSettled] = useState(() => performance.now() - lastScroll > SETTLE_MS);
  useEffect(() => {
    if (settled) return;
    const t = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(t);
  }, [settled]);
  return settled;
}

let lastScroll = -Infinity;
if (typeof window !== 'undefined') {
  window.addEventListener('scroll', () => (lastScroll = performance.now()), { passive: true });
}

/**
 * One output in the gallery: its thumbnail (a clip plays muted while hovered or focused),
 * and on hover or focus its prompt. Memoised: appending a page re-renders no tile.
 */
export const GalleryTileView = memo(function GalleryTileView({
  tile,
  position,
  count,
  size,
  selected,
  onOpen,
}: GalleryTileViewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const settled = useSettled();
  const label =
    tile.kind === 'video'
      ? videoLabel(tile.index, tile.job.prompt)
      : imageAlt(tile.index, tile.job.prompt);
  const play = (on: boolean) => {
    const v = video.current;
    if (!v) return;
    if (on) void v.play().catch(() => undefined);
    else v.pause();
  };
  return (
    <div role="listitem" aria-posinset={position} aria-setsize={count} style={{ width: size }}>
      <button
        type="button"
        aria-label={label}
        data-tile={tile.key}
        aria-pressed={selected}
        onClick={(e) => onOpen(tile.key, e.shiftKey, position - 1)}
        onMouseEnter={() => play(true)}
        onMouseLeave={() => play(false)}
        onFocus={() => play(true)}
        onBlur={() => play(false)}
        className={cn(
          'group/tile relative block overflow-hidden rounded bg-zinc-800 focus-visible:outline-offset-[-2px]',
          selected === undefined ? 'cursor-zoom-in' : 'cursor-pointer',
          selected && 'ring-4 ring-inset ring-indigo-400',
        )}
        style={{ width: size, height: size }}
      >
        {tile.kind === 'image' ? (
          <img
            src={settled ? thumbUrl(tile.item) : undefined}
            alt=""
            loading="lazy"
            decoding="async"
            width={size}
            height={size}
            className="size-full object-cover"
          />
        ) : (
          <video
            ref={video}
            src={settled ? tile.item.url : undefined}
            muted
            loop
            playsInline
            preload="metadata"
            className="size-full object-cover"
          />
        )}
        <span
          className={cn(
            'pointer-events-none absolute inset-x-0 bottom-0 line-clamp-3 bg-black/75 p-2 text-left text-xs text-zinc-100 opacity-0 transition-opacity',
            'group-hover/tile:opacity-100 group-focus-visible/tile:opacity-100',
          )}
        >
          {tile.job.prompt || tile.job.operation}
        </span>
        {selected ? (
          <span
            aria-hidden="true"
            className="absolute top-1 left-1 rounded-full bg-indigo-500 px-1.5 text-xs text-white"
          >
            ✓
          </span>
        ) : null}
      </button>
    </div>
  );
});
