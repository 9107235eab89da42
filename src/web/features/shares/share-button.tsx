import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { lazyComponent } from '@/web/lib/lazy-component';
import type { ShareTarget } from './share-dialog';

// The dialog and its requests are a chunk of their own, fetched when the browser is idle.
const Dialog = lazyComponent(() => import('./share-dialog').then((m) => m.ShareDialog), {
  fallback: null,
});

/** Share the image shown, or its whole job, or a collection: opens the share dialog. */
export function ShareButton(target: ShareTarget) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Share
      </Button>
      {open ? <Dialog.Component open onClose={() => setOpen(false)} {...target} /> : null}
    </>
  );
}
