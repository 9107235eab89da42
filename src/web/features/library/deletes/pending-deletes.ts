import { create } from 'zustand';

/** How long a deleted result can still be brought back before the studio forgets it. */
export const UNDO_MS = 6000;

interface Pending {
  /** The group's key: its first job's id. */
  id: string;
  /** The jobs deleted together (one result's, or a selection's). */
  ids: readonly string[];
  /** What the undo line says was deleted. */
  label: string;
  /** Everything this filter query matches is deleted, loaded or not: it all hides. */
  filterQuery?: string;
  /** Its undo time is over and the deletion is on its way: no undo any more. */
  sent?: boolean;
}

interface PendingDeletesState {
  /** Deleted here but not yet sent: hidden from view, undoable. Oldest first. */
  pending: Pending[];
  actions: {
    /** `send` deletes the group on the server once the undo time is over. */
    deleteRequested: (item: Pending, send: () => Promise<unknown>) => void;
    deleteUndone: (id: string) => void;
  };
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

const usePendingDeletesStore = create<PendingDeletesState>()((set) => ({
  pending: [],
  actions: {
    deleteRequested: (item, send) => {
      if (timers.has(item.id)) return;
      set(({ pending }) => ({ pending: [...pending, item] }));
      timers.set(
        item.id,
        setTimeout(() => {
          timers.delete(item.id);
          set(({ pending }) => ({
            pending: pending.map((p) => (p.id === item.id ? { ...p, sent: true } : p)),
          }));
          // Hidden until the server answers: gone from the lists then, or back if refused.
          const forget = () =>
            set(({ pending }) => ({ pending: pending.filter((p) => p.id !== item.id) }));
          send().then(forget, forget);
        }, UNDO_MS),
      );
    },
    deleteUndone: (id) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set(({ pending }) => ({ pending: pending.filter((p) => p.id !== id) }));
    },
  },
}));

export const usePendingDeletes = () => usePendingDeletesStore((s) => s.pending);
export const usePendingDeleteActions = () => usePendingDeletesStore((s) => s.actions);
/** For tests. */
export const pendingDeletesStore = usePendingDeletesStore;
