import { Button } from '@/web/components/ui/button';
import { useViewStore } from '../model/view-store';

/**
 * Under the tool options: what went wrong in the background (a worker that failed, an
 * image a tool could not read), until dismissed; and, while the magnetic lasso is chosen,
 * that it is still finding the image's edges (it draws freehand meanwhile).
 */
export function EditorAlerts() {
  const problem = useViewStore((s) => s.problem);
  const dismissed = useViewStore((s) => s.problemShown);
  const finding = useViewStore((s) => s.tool === 'magnetic' && s.edges === 'finding');
  return (
    <>
      {problem ? (
        <div
          role="alert"
          className="flex items-center gap-3 border-b border-amber-900 bg-amber-950/60 px-4 py-2 text-sm text-amber-200"
        >
          <p className="flex-1">{problem}</p>
          <Button size="sm" variant="ghost" onClick={() => dismissed(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {finding ? (
        <p role="status" className="px-4 py-1 text-xs text-zinc-400">
          Finding the image’s edges… the magnetic lasso draws freehand until then.
        </p>
      ) : null}
    </>
  );
}
