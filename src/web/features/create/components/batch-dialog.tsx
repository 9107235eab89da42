import { useEffect } from 'react';
import { BATCH_LIMIT } from '@/contract/permutations';
import { Button } from '@/web/components/ui/button';
import { DialogForm, FormDialog } from '@/web/components/ui/form-dialog';
import { describeError } from '@/web/lib/describe-error';
import type { BatchItem } from '@/web/jobs/api/create-batch';
import { useCreateBatch } from '@/web/jobs/hooks/use-create-batch';
import { diffusionCost, formatCostEstimate } from '@/web/jobs/utils/costs';

interface BatchDialogProps {
  prompts: string[];
  onClose: () => void;
}

const jobs = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/**
 * Asks before a batch is sent: every prompt with its estimated cost, and the total. Once
 * confirmed the studio queues the whole batch in one request (or refuses it whole); a
 * refusal is shown, with the prompt it names, and Try again sends the batch again. It
 * closes itself when the batch was queued: the cards in the feed say the rest.
 */
export function BatchDialog({ prompts, onClose }: BatchDialogProps) {
  const batch = useCreateBatch(prompts);
  const total = prompts.reduce((sum, p) => sum + diffusionCost(p), 0);
  const title = `Create ${jobs(prompts.length)}`;
  const close = onClose;
  const confirm = () => {
    void batch.send();
  };
  // The batch queued: the cards in the feed say the rest.
  const done = batch.started && !batch.running && batch.unsent === 0;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  return (
    <FormDialog open onClose={close} title={title}>
      {batch.started ? (
        <BatchProgress batch={batch} onClose={close} />
      ) : (
        <DialogForm
          submitLabel={title}
          submitAutoFocus
          onSubmit={confirm}
          onCancel={close}
          cost={`Total ${formatCostEstimate(total)}`}
        >
          <p className="text-sm text-zinc-400">
            Queued in this order, each an estimate; a batch holds at most {BATCH_LIMIT} prompts.
          </p>
          <PromptList items={batch.items} />
        </DialogForm>
      )}
    </FormDialog>
  );
}

const STATUS_TEXT: Record<BatchItem['status'], string> = {
  waiting: '',
  sending: 'Sending…',
  sent: 'Queued',
  failed: 'Refused',
  'not-sent': 'Not sent',
};

function PromptList({ items }: { items: readonly BatchItem[] }) {
  return (
    <ol
      aria-label="Prompts"
      className="max-h-[45dvh] space-y-1.5 overflow-y-auto rounded-md border border-zinc-800 p-2 text-sm"
    >
      {items.map((item, i) => (
        <li key={item.key} className="flex items-baseline gap-2">
          <span className="w-6 shrink-0 text-right text-xs text-zinc-500 tabular-nums">
            {i + 1}.
          </span>
          <span className="min-w-0 flex-1 break-words text-zinc-200">
            {item.prompt}
            {item.status === 'failed' ? (
              <span className="block text-xs text-red-300">{describeError(item.error).title}</span>
            ) : null}
          </span>
          <span className="shrink-0 text-xs text-zinc-400 tabular-nums">
            {STATUS_TEXT[item.status] || formatCostEstimate(diffusionCost(item.prompt))}
          </span>
        </li>
      ))}
    </ol>
  );
}

interface BatchProgressProps {
  batch: ReturnType<typeof useCreateBatch>;
  onClose: () => void;
}

/** Each prompt's state, the batch's refusal, and Close or Try again. */
function BatchProgress({ batch, onClose }: BatchProgressProps) {
  const { items, running, error } = batch;
  const queued = !running && batch.unsent === 0;
  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="text-sm text-zinc-300">
        {running ? `Sending ${jobs(items.length)}…` : null}
        {queued ? `${jobs(items.length)} queued.` : null}
        {running || queued ? null : `Nothing queued. ${describeError(error).title}`}
      </p>
      <PromptList items={items} />
      <div className="flex items-center justify-end gap-2">
        {running || queued ? null : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
            <Button variant="primary" onClick={() => void batch.send()}>
              Try again ({jobs(items.length)})
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
