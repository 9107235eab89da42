import { create } from 'zustand';

interface LightboxState {
  /** The job whose images are shown, and which one; null when closed. */
  open: { jobId: string; index: number } | null;
  actions: {
    lightboxOpened: (jobId: string, index: number) => void;
    lightboxStepped: (delta: number, count: number) => void;
    lightboxClosed: () => void;
  };
}

const useLightboxStore = create<LightboxState>()((set) => ({
  open: null,
  actions: {
    lightboxOpened: (jobId, index) => set({ open: { jobId, index } }),
    lightboxStepped: (delta, count) =>
      set(({ open }) =>
        open && count > 0
          ? { open: { ...open, index: (((open.index + delta) % count) + count) % count } }
          : {},
      ),
    lightboxClosed: () => set({ open: null }),
  },
}));

export const useLightbox = () => useLightboxStore((s) => s.open);
export const useLightboxActions = () => useLightboxStore((s) => s.actions);
/** For tests and non-React callers. */
export const lightboxStore = useLightboxStore;
