import { useCallback, useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { jobEditorRequest, useEditorRequested } from '@/web/jobs/stores/editor-request-store';
import { createFingerprint } from '@/web/jobs/api/job-mutations';
import type { GridAction } from '@/web/jobs/utils/grid-action';
import { actionBody } from '@/web/jobs/utils/grid-action';
import type { DialogKind } from '@/web/jobs/utils/menu-entries';
import { useCreateJob } from '@/web/jobs/hooks/use-create-job';
import { usePendingCreates } from './use-pending-creates';

/** The dialog a card shows: which one, for which image or clip. */
export type OpenDialog =
  { kind: DialogKind; imageNo: number } | { kind: 'extend'; videoNo: number };

export interface JobActions {
  run: (action: GridAction) => void;
  /** True while the same action's create is on its way (its button waits). */
  isPending: (action: GridAction) => boolean;
  dialog: OpenDialog | null;
  openDialog: (dialog: OpenDialog) => void;
  closeDialog: () => void;
  error: unknown;
  dismissError: () => void;
}

/**
 * Everything a card's buttons, menus and dialogs do, in one place: each action becomes a
 * create of a follow-up through the shared create mutation (its own Idempotency-Key), and
 * the new job shows on top of the feed as soon as the server answers.
 */
export function useJobActions(job: Job): JobActions {
  const create = useCreateJob();
  const pending = usePendingCreates(job.id);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { submit } = create;
  const editorRequested = useEditorRequested();
  // Vary region, Edit and Reuse mask open the canvas editor, which the app layer shows, not a form.
  const openDialog = useCallback(
    (d: OpenDialog) => {
      const image = 'imageNo' in d ? job.output?.images[d.imageNo] : undefined;
      const { kind } = d;
      const editing = kind === 'vary-region' || kind === 'edit' || kind === 'reuse-mask';
      const request =
        editing && 'imageNo' in d && image
          ? jobEditorRequest(job, d.imageNo, image.url, kind)
          : null;
      if (request) {
        editorRequested(request);
      } else setDialog(d);
    },
    [editorRequested, job],
  );
  const run = useCallback(
    (action: GridAction) => submit(actionBody(job.id, action)),
    [submit, job.id],
  );
  return {
    run,
    isPending: (action) => pending.includes(createFingerprint(actionBody(job.id, action))),
    dialog,
    openDialog,
    closeDialog: () => setDialog(null),
    error: create.error,
    dismissError: create.reset,
  };
}
