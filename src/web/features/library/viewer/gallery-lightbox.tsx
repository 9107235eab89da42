import { useEffect, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Dialog } from '@/web/components/ui/dialog';
import { dispatchKey } from '@/web/lib/key-actions';
import { useLightboxKeys } from '@/web/jobs/hooks/lightbox-keys';
import { useJobRights } from '@/web/jobs/hooks/use-job-rights';
import { ShareButton } from '@/web/features/shares';
import type { GalleryTile } from '@/web/jobs/utils/gallery-tiles';
import { downloadName } from '@/web/jobs/utils/gallery-tiles';
import { imageAlt, mediaDims, videoLabel } from '@/web/jobs/utils/job-view';
import { DeleteResult } from '../deletes/delete-result';
import type { ResultReuse } from './result-reuse';
import { ReuseActions } from './reuse-actions';
import { LazyAddToCollection, useMayCollect } from '@/web/features/collections';

export type { ResultReuse } from './result-reuse';

interface GalleryLightboxProps {
  /** The result shown; null when closed. */
  tile: GalleryTile | null;
  /** Its place among the results, from 1. */
  position: number;
  count: number;
  onStep: (delta: number) => void;
  onClose: () => void;
  reuse: ResultReuse;
}

/**
 * One result at a time, across jobs: ←/→ step through the results, Esc closes, Z (or the
 * button) shows the image at 100% to pan over by dragging or scrolling; on an image of a
 * grid, 1–4 show that image of its job and U, V and R act as on the card. The actions
 * download the original, copy or reuse the prompt and reuse the image.
 */
export function GalleryLightbox({ tile, position, count, ...props }: GalleryLightboxProps) {
  // The key of the result shown at 100%: stepping to another shows it fitted again.
  const [zoomed, setZoomed] = useState<string | null>(null);
  const actual = tile !== null && zoomed === tile.key;
  const toggleZoom = () => setZoomed(actual || tile?.kind !== 'image' ? null : tile.key);
  const { onStep, onClose } = props;
  // A job's images are next to each other among the results, so image n is a step away.
  const gridKey = useLightboxKeys(tile?.kind === 'image' ? tile.job : undefined, tile?.index ?? 0, {
    show: (imageNo) => onStep(imageNo - (tile?.index ?? 0)),
    acted: onClose,
  });
  // On the window, not the dialog: a step replaces the buttons, and with them the focus.
  useEffect(() => {
    if (!tile) return;
    const onKeyDown = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea') || gridKey(e)) return;
      // The arrows pan a picture shown at 100 % and seek in a video.
      const arrowsFree = !target.closest('[data-pan]') && target.tagName !== 'VIDEO';
      dispatchKey(
        'viewer',
        {
          'viewer.zoom': () =>
            setZoomed((z) => (z === null && tile.kind === 'image' ? tile.key : null)),
          'viewer.next': () => arrowsFree && onStep(1),
          'viewer.previous': () => arrowsFree && onStep(-1),
        },
        e,
      );
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [tile, onStep, gridKey]);
  return (
    <Dialog
      open={tile !== null}
      onClose={props.onClose}
      label="Result viewer"
      className="m-0 h-dvh max-h-none w-dvw max-w-none flex-col gap-3 p-4 open:flex"
    >
      {tile ? (
        <ResultView
          key={tile.key}
          tile={tile}
          position={position}
          count={count}
          actual={actual}
          onZoom={toggleZoom}
          {...props}
        />
      ) : null}
    </Dialog>
  );
}

interface ResultViewProps extends GalleryLightboxProps {
  tile: GalleryTile;
  actual: boolean;
  onZoom: () => void;
}

function ResultView({
  tile,
  position,
  count,
  onStep,
  onClose,
  reuse,
  actual,
  onZoom,
}: ResultViewProps) {
  const [error, setError] = useState<string | null>(null);
  const { job } = tile;
  const label =
    tile.kind === 'video' ? videoLabel(tile.index, job.prompt) : imageAlt(tile.index, job.prompt);
  return (
    <>
      <div className="flex items-center gap-2">
        <Button variant="ghost" onClick={() => onStep(-1)} disabled={position <= 1}>
          <span aria-hidden="true">←</span> Previous
        </Button>
        <span className="text-sm text-zinc-400" aria-live="polite" data-testid="viewer-position">
          {position} / {count}
        </span>
        <Button variant="ghost" onClick={() => onStep(1)} disabled={position >= count}>
          Next <span aria-hidden="true">→</span>
        </Button>
        <p className="min-w-0 flex-1 truncate px-2 text-sm text-zinc-300" title={job.prompt}>
          {job.prompt || job.operation}
        </p>
        {job.maker ? (
          <span className="shrink-0 text-sm text-zinc-500" data-testid="viewer-maker">
            by {job.maker.name}
          </span>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </div>
      {tile.kind === 'video' ? (
        <video
          src={tile.item.url}
          controls
          autoPlay
          muted
          loop
          aria-label={label}
          className="mx-auto min-h-0 max-w-full flex-1 rounded"
        />
      ) : (
        <Zoomable tile={tile} actual={actual} label={label} />
      )}
      <ResultActions
        tile={tile}
        actual={actual}
        onZoom={onZoom}
        reuse={reuse}
        onError={setError}
        onClose={onClose}
      />
      {error ? (
        <p role="alert" className="text-center text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface ResultActionsProps {
  tile: GalleryTile;
  actual: boolean;
  onZoom: () => void;
  reuse: ResultReuse;
  onError: (error: string | null) => void;
  onClose: () => void;
}

/**
 * Zoom, download, copy the prompt for everyone; reuse (which creates) and delete only for
 * whom the studio would allow them.
 */
function ResultActions({ tile, actual, onZoom, reuse, onError, onClose }: ResultActionsProps) {
  const { job } = tile;
  const rights = useJobRights(job);
  const collect = useMayCollect();
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-2"
      role="toolbar"
      aria-label="Result actions"
    >
      {tile.kind === 'image' ? (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={actual}
          aria-keyshortcuts="Z"
          onClick={onZoom}
        >
          {actual ? 'Fit to screen' : 'Zoom to 100%'}
        </Button>
      ) : null}
      <a
        href={tile.item.url}
        download={downloadName(tile)}
        className="rounded-md px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
      >
        Download
      </a>
      <CopyButton text={job.prompt} label="Copy prompt" />
      {collect ? (
        <LazyAddToCollection.Component
          items={[{ job: job.id, image: tile.index }]}
          label="Add to collection"
          variant="button"
        />
      ) : null}
      {rights.followUp ? (
        <ReuseActions tile={tile} reuse={reuse} onError={onError} onDone={onClose} />
      ) : null}
      {rights.change ? (
        <ShareButton
          jobId={job.id}
          index={tile.index}
          count={(tile.kind === 'video' ? job.output?.videos : job.output?.images)?.length ?? 1}
        />
      ) : null}
      {rights.change ? <DeleteResult job={job} onDeleted={onClose} /> : null}
    </div>
  );
}

/** The image fitted to the screen, or at 100% in a scroll box that a drag pans. */
function Zoomable({ tile, actual, label }: { tile: GalleryTile; actual: boolean; label: string }) {
  const dims = mediaDims(tile.item, tile.job.prompt);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget;
    const start = { x: e.clientX, y: e.clientY, left: box.scrollLeft, top: box.scrollTop };
    const move = (m: PointerEvent) => {
      box.scrollLeft = start.left - (m.clientX - start.x);
      box.scrollTop = start.top - (m.clientY - start.y);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  if (!actual) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center">
        <img
          src={tile.item.url}
          {...dims}
          alt={label}
          className="max-h-full w-auto max-w-full rounded object-contain"
        />
      </div>
    );
  }
  return (
    <div
      data-pan
      tabIndex={0}
      role="region"
      aria-label="Image at 100%: drag or use the arrow keys to pan"
      onPointerDown={onPointerDown}
      className="min-h-0 flex-1 cursor-grab overflow-auto rounded active:cursor-grabbing"
    >
      <img
        src={tile.item.url}
        {...dims}
        alt={label}
        draggable={false}
        className="max-w-none"
        style={{ width: dims.width, height: dims.height }}
      />
    </div>
  );
}
