import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { useJobRights } from '@/web/jobs/hooks/use-job-rights';
import type { GalleryTile } from '@/web/jobs/utils/gallery-tiles';
import { downloadName } from '@/web/jobs/utils/gallery-tiles';
import type { ResultReuse } from '../viewer/result-reuse';
import { LazyAddToCollection, useMayCollect } from '@/web/features/collections';

/** What a tile's actions do; one object for the whole grid, so tiles stay memoised. */
export interface TileActionHandlers {
  /** Opens the result viewer on the tile. */
  onView: (key: string) => void;
  /** Selects (or deselects) the tile's job, starting a selection if none is under way. */
  onSelect: (at: number) => void;
  reuse: ResultReuse;
}

interface TileActionsProps extends TileActionHandlers {
  tile: GalleryTile;
  /** The tile's index among all tiles. */
  at: number;
  selected: boolean | undefined;
}

const ACTION =
  'grid size-7 place-items-center rounded bg-black/75 text-sm text-zinc-100 hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-indigo-400';

function Glyph({ children }: { children: ReactNode }) {
  return <span aria-hidden="true">{children}</span>;
}

/**
 * The hovered or focused tile's quick actions: open the viewer, use the prompt (as the
 * viewer does, through the app's `ResultReuse`), download the original (named as the
 * viewer names it) and select. Each a labelled control in the tab order after the tile.
 */
export function TileActions({ tile, at, selected, onView, onSelect, reuse }: TileActionsProps) {
  // A viewer makes nothing, so has no use for a prompt.
  const { followUp } = useJobRights(tile.job);
  const collect = useMayCollect();
  return (
    <div role="group" aria-label="Result actions" className="absolute top-1 right-1 flex gap-1">
      <button
        type="button"
        className={ACTION}
        aria-label="Open in viewer"
        title="Open in viewer"
        onClick={() => onView(tile.key)}
      >
        <Glyph>⤢</Glyph>
      </button>
      {followUp ? (
        <button
          type="button"
          className={ACTION}
          aria-label="Use prompt"
          title="Use prompt"
          onClick={() => reuse.usePrompt(tile.job.prompt)}
        >
          <Glyph>✎</Glyph>
        </button>
      ) : null}
      {collect ? (
        <LazyAddToCollection.Component
          items={[{ job: tile.job.id, image: tile.index }]}
          label="Add to collection"
          className={ACTION}
        />
      ) : null}
      <a
        className={ACTION}
        href={tile.item.url}
        download={downloadName(tile)}
        aria-label="Download original"
        title="Download original"
      >
        <Glyph>↓</Glyph>
      </a>
      <button
        type="button"
        className={cn(ACTION, selected && 'bg-indigo-500')}
        aria-label="Select result"
        title={selected ? 'Deselect' : 'Select'}
        aria-pressed={selected ?? false}
        onClick={() => onSelect(at)}
      >
        <Glyph>✓</Glyph>
      </button>
    </div>
  );
}
