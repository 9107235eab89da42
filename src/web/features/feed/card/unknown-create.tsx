import { Button } from '@/web/components/ui/button';
import { RequestError } from '@/web/components/ui/request-error';
import { useDismissJob } from './use-dismiss-job';

interface UnknownCreateProps {
  id: string;
  words: string;
  /** Whether the person signed in may delete it (its maker, an admin or an owner). */
  mayDismiss: boolean;
}

/**
 * A job whose create's answer was lost: the server's words for it, and a way to remove it
 * when the image service never reports on it (it turns into the job if it does).
 */
export function UnknownCreate({ id, words, mayDismiss }: UnknownCreateProps) {
  const dismiss = useDismissJob(id);
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2.5 text-sm">
        <p className="min-w-0 flex-1 text-amber-200" data-testid="create-unknown">
          {words}
        </p>
        {mayDismiss ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={dismiss.dismiss}
            disabled={dismiss.pending}
            title="Remove it from the studio’s history"
          >
            Dismiss
          </Button>
        ) : null}
      </div>
      {dismiss.error ? <RequestError error={dismiss.error} onDismiss={dismiss.reset} /> : null}
    </div>
  );
}
