import { useEffect } from 'react';
import { BATCH_LIMIT } from '@/contract/permutations';
import { Button } from '@/web/components/ui/button';
import { DialogForm, FormDialog } from '@/web/components/ui/form-dialog';
import { ProgressBar } from '@/web/components/ui/progress-bar';
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
 * confirmed it shows each prompt's progress and any refusal, and offers to try again what
 * was not sent. It closes itself when every prompt was sent.
 */
export function BatchDialog({ prompts, onClose }: BatchDialogProps) {
  const batch = useCreateBatch(prompts);
  const total = prompts.reduce((sum, p) => sum + diffusionCost(p), 0);
  const title = `Create ${jobs(prompts.length)}`;
  const close = () => {
    batch.stop();
    onClose();
  };
  const confirm = () => {
    void batch.send();
  };
  // Every prompt sent: the cards in the feed say the rest.
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
            Sent in this order, each an estimate; a batch holds at most {BATCH_LIMIT} prompts.
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
  sent: 'Sent',
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

/** Each prompt's state, how many were sent, and Stop, Try again or Close. */
function BatchProgress({ batch, onClose }: BatchProgressProps) {
  const { items, running, sent, unsent } = batch;
  const refusal = items.find((i) => i.status === 'failed');
  return (
    <div className="mt-4 space-y-4">
      <ProgressBar value={(sent / items.length) * 100} label="Batch sent" />
      <p role="status" className="text-sm text-zinc-300">
        {running
          ? `Sending: ${sent} of ${jobs(items.length)} sent`
          : `${sent} of ${jobs(items.length)} sent; ${unsent} not sent.`}
        {!running && refusal ? ` ${describeError(refusal.error).title}` : null}
      </p>
      <PromptList items={items} />
      <div className="flex items-center justify-end gap-2">
        {running ? (
          <Button variant="ghost" onClick={batch.stop}>
            Stop
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
            <Button variant="primary" onClick={() => void batch.send()}>
              Try again ({jobs(unsent)})
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
