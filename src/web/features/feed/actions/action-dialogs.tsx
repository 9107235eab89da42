import type { Job } from '@/contract/studio-api';
import { FormDialog } from '@/web/components/ui/form-dialog';
import type { JobActions, OpenDialog } from './use-job-actions';
import { ExpandForm } from './expand-form';
import { RemixForm } from './remix-form';
import { AnimateForm, ExtendForm } from './video-forms';

/** Dialogs with a form; Vary region and Edit open the canvas editor (issue 6) instead. */
function titleOf(d: OpenDialog | null): string | null {
  if (d === null) return null;
  if (d.kind === 'extend') return `Extend clip ${d.videoNo + 1}`;
  const n = d.imageNo + 1;
  switch (d.kind) {
    case 'remix':
      return `Remix image ${n}`;
    case 'zoom':
      return `Zoom out image ${n}`;
    case 'pan':
      return `Pan image ${n}`;
    case 'animate':
      return `Animate image ${n}`;
    case 'vary-region':
    case 'edit':
    case 'reuse-mask':
      return null;
  }
}

/** One dialog per card, showing the form of the action that opened it. */
export function ActionDialogs({ job, actions }: { job: Job; actions: JobActions }) {
  const { dialog, closeDialog, run } = actions;
  const title = titleOf(dialog);
  const common = { job, run, onDone: closeDialog };
  return (
    <FormDialog open={title !== null} onClose={closeDialog} title={title ?? ''}>
      {dialog?.kind === 'remix' ? <RemixForm {...common} imageNo={dialog.imageNo} /> : null}
      {dialog?.kind === 'zoom' || dialog?.kind === 'pan' ? (
        <ExpandForm {...common} imageNo={dialog.imageNo} kind={dialog.kind} />
      ) : null}
      {dialog?.kind === 'animate' ? <AnimateForm {...common} imageNo={dialog.imageNo} /> : null}
      {dialog?.kind === 'extend' ? <ExtendForm {...common} videoNo={dialog.videoNo} /> : null}
    </FormDialog>
  );
}
