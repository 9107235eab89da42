import { Button } from '@/web/components/ui/button';
import { usePendingDeleteActions, usePendingDeletes } from './pending-deletes';

/** "Deleted …  Undo" for each deletion still within its few seconds. */
export function UndoDeletes() {
  const pending = usePendingDeletes();
  const { deleteUndone } = usePendingDeleteActions();
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-20 z-40 flex flex-col items-center gap-2 md:bottom-6"
    >
      {pending
        .filter((p) => !p.sent)
        .map((p) => (
          <div
            key={p.id}
            className="flex max-w-md items-center gap-3 rounded-md bg-zinc-800 px-4 py-2 text-sm text-zinc-100 shadow-lg"
          >
            <span className="min-w-0 truncate">Deleted {p.label}</span>
            <Button size="sm" onClick={() => deleteUndone(p.id)}>
              Undo
            </Button>
          </div>
        ))}
    </div>
  );
}
