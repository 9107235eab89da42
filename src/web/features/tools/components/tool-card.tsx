import type { FormEvent, ReactNode } from 'react';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { Job } from '@/contract/studio-api';
import { Button } from '@/web/components/ui/button';
import { RequestError } from '@/web/components/ui/request-error';
import { cn } from '@/web/lib/cn';
import { costOfCreate, formatCostEstimate } from '@/web/jobs/utils/costs';

/** What the app layer hands each tool: the create mutation, one per tool. */
export interface ToolFormProps {
  submit: (body: CreateJobRequest) => void;
  pending: boolean;
  error: unknown;
  onDismissError: () => void;
  /** The job the tool's last submit created. */
  created: Job | null;
}

interface ToolCardProps extends ToolFormProps {
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  /** The create as the fields stand, for the cost estimate. */
  body: CreateJobRequest;
  onSubmit: () => void;
  /** Submit cannot work at all now (e.g. uploads are off); the fields say why. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** One tool: heading, fields, cost and submit, and what became of the last submit. */
export function ToolCard(props: ToolCardProps) {
  const { id, title, description, submitLabel, body, onSubmit, children } = props;
  const headingId = `${id}-heading`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.pending) onSubmit();
  };
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h2 id={headingId} className="text-sm font-semibold text-zinc-100">
        {title}
      </h2>
      <p className="mt-0.5 text-xs text-zinc-500">{description}</p>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mt-4 space-y-4">
        {children}
        <div className="flex items-center justify-end gap-3">
          <Outcome created={props.created} pending={props.pending} />
          <span className="text-xs text-zinc-400 tabular-nums">
            {formatCostEstimate(costOfCreate(body))}
          </span>
          <Button
            type="submit"
            variant="primary"
            disabled={props.pending || props.submitDisabled === true}
            aria-busy={props.pending}
          >
            {submitLabel}
          </Button>
        </div>
        {props.error ? <RequestError error={props.error} onDismiss={props.onDismissError} /> : null}
      </form>
    </section>
  );
}

function Outcome({ created, pending }: { created: Job | null; pending: boolean }) {
  const text = pending ? 'Sending…' : created ? 'Started: it is on top of the latest jobs.' : '';
  // Always in the accessibility tree, so the first message is announced too.
  return (
    <p role="status" className={cn('text-right text-xs text-zinc-500', !text && 'sr-only')}>
      {text}
    </p>
  );
}
