import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { lazyComponent } from '@/web/lib/lazy-component';

// The dialog and its requests are a chunk of their own, fetched when the browser is idle.
const Dialog = lazyComponent(() => import('./share-dialog').then((m) => m.ShareDialog), {
  fallback: null,
});

/** Share the image shown, or its whole job: opens the share dialog. */
export function ShareButton({
  jobId,
  index,
  count,
}: {
  jobId: string;
  index: number;
  count: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Share
      </Button>
      {open ? (
        <Dialog.Component
          open
          onClose={() => setOpen(false)}
          jobId={jobId}
          index={index}
          count={count}
        />
      ) : null}
    </>
  );
}
