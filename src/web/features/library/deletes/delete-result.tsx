import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { Button } from '@/web/components/ui/button';
import { jobMutations } from '@/web/jobs/api/job-mutations';
import { usePendingDeleteActions } from './pending-deletes';

/** Sends a deletion once its undo time is over. */
function useSendDelete(): (id: string) => Promise<unknown> {
  const client = useQueryClient();
  const { mutateAsync } = useMutation(jobMutations.remove(client));
  return (id) => mutateAsync(id);
}

interface DeleteResultProps {
  job: Job;
  onDeleted: () => void;
}

/**
 * Delete, then a confirmation that says what it does: the studio forgets the job, its
 * cached files and thumbnails; the image service has no delete, so its copy stays there
 * until it expires. Undo is offered for a few seconds before anything is sent.
 */
export function DeleteResult({ job, onDeleted }: DeleteResultProps) {
  const [asking, setAsking] = useState(false);
  const { deleteRequested } = usePendingDeleteActions();
  const send = useSendDelete();
  if (!asking) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        Delete…
      </Button>
    );
  }
  const label = `“${job.prompt.slice(0, 40) || job.operation}”`;
  const results = job.output?.images.length || job.output?.videos.length || 0;
  return (
    <ConfirmDelete
      what={`this job (${results} results)`}
      confirm="Delete job"
      onConfirm={() => {
        deleteRequested({ id: job.id, ids: [job.id], label }, () => send(job.id));
        onDeleted();
      }}
      onCancel={() => setAsking(false)}
    />
  );
}

interface ConfirmDeleteProps {
  /** `this job (4 results)`, `3 jobs`. */
  what: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What a delete does and does not do, and the button that does it. */
export function ConfirmDelete({ what, confirm, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <div role="group" aria-label="Confirm delete" className="flex items-center gap-2 text-sm">
      <p className="max-w-sm text-zinc-300">
        Delete {what} from the studio’s history, with the cached files and thumbnails? The image
        service has no delete: its copy stays there until it expires. You can undo for a few
        seconds.
      </p>
      <Button size="sm" variant="primary" autoFocus onClick={onConfirm}>
        {confirm}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
