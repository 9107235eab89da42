import { create } from 'zustand';

/** How long a card stays highlighted after a lineage link pointed at it. */
const HIGHLIGHT_MS = 2000;

interface HighlightState {
  highlightedJobId: string | null;
  actions: {
    parentLinkClicked: (jobId: string) => void;
  };
}

let clearTimer: ReturnType<typeof setTimeout> | undefined;

const useHighlightStore = create<HighlightState>()((set) => ({
  highlightedJobId: null,
  actions: {
    parentLinkClicked: (jobId) => {
      set({ highlightedJobId: jobId });
      clearTimeout(clearTimer);
      clearTimer = setTimeout(() => set({ highlightedJobId: null }), HIGHLIGHT_MS);
    },
  },
}));

export const useIsHighlighted = (jobId: string) =>
  useHighlightStore((s) => s.highlightedJobId === jobId);
export const useHighlightActions = () => useHighlightStore((s) => s.actions);
export const useHighlightedJobId = () => useHighlightStore((s) => s.highlightedJobId);
