import { describeError } from '@/web/lib/describe-error';
import { Button } from './button';
import { ErrorBanner } from './error-banner';

/** A failed request the user just made: what went wrong, what to do, and a Dismiss button. */
export function RequestError({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  return (
    <ErrorBanner
      {...describeError(error)}
      action={
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    />
  );
}

/**
 * A read that failed (a list, a job, the account): "Could not <what>: <why>", what to do,
 * and a Retry button.
 */
export function LoadError(props: { what: string; error: unknown; onRetry: () => unknown }) {
  const { title, hint, reference } = describeError(props.error);
  return (
    <ErrorBanner
      title={`Could not ${props.what}: ${title}`}
      hint={hint}
      reference={reference}
      action={
        <Button size="sm" onClick={() => void props.onRetry()}>
          Retry
        </Button>
      }
    />
  );
}
