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
