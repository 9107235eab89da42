import type { KeyboardEvent } from 'react';
import type { Job } from '@/contract/studio-api';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { dispatchKey } from '@/web/lib/key-actions';
import { isTyping } from '@/web/lib/keyboard';
import { useLightboxKeys } from '@/web/jobs/hooks/lightbox-keys';
import { useLightbox, useLightboxActions } from './lightbox-store';
import { imageAlt, mediaDims, viewableImages } from '@/web/jobs/utils/job-view';

/** One viewer for the whole feed; which job and image it shows lives in the lightbox store. */
export function Lightbox({ jobs }: { jobs: readonly Job[] }) {
  const open = useLightbox();
  const { lightboxStepped, lightboxClosed, lightboxOpened } = useLightboxActions();
  const job = open ? jobs.find((j) => j.id === open.jobId) : undefined;
  const images = job ? viewableImages(job) : [];
  const index = open ? Math.min(open.index, images.length - 1) : 0;
  const image = images[index];
  const gridKey = useLightboxKeys(job, index, {
    show: (imageNo) => {
      if (job) lightboxOpened(job.id, imageNo);
    },
    acted: lightboxClosed,
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // A field's own keys (the arrows move its caret) are not the viewer's.
    if (isTyping(e.target) || gridKey(e)) return;
    dispatchKey(
      'viewer',
      {
        'viewer.next': () => lightboxStepped(1, images.length),
        'viewer.previous': () => lightboxStepped(-1, images.length),
        // The feed's viewer shows every image fitted.
        'viewer.zoom': () => false,
      },
      e,
    );
  };

  return (
    <Dialog
      open={Boolean(job && image)}
      onClose={lightboxClosed}
      label="Image viewer"
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-dvw max-w-none flex-col items-center justify-center gap-3 p-6 open:flex"
    >
      {job && image ? (
        <>
          <img
            src={image.url}
            {...mediaDims(image, job.prompt)}
            alt={imageAlt(index, job.prompt)}
            className="max-h-[calc(100dvh-8rem)] w-auto max-w-full rounded object-contain"
          />
          <div className="flex items-center gap-2">
            {images.length > 1 ? (
              <Button variant="ghost" onClick={() => lightboxStepped(-1, images.length)}>
                <span aria-hidden="true">←</span> Previous image
              </Button>
            ) : null}
            <span className="px-2 text-sm text-zinc-400" aria-live="polite">
              {index + 1} / {images.length}
            </span>
            {images.length > 1 ? (
              <Button variant="ghost" onClick={() => lightboxStepped(1, images.length)}>
                Next image <span aria-hidden="true">→</span>
              </Button>
            ) : null}
            <Button onClick={lightboxClosed}>Close</Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
