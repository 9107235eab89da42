import { create } from 'zustand';

/**
 * Whether the studio's event stream is connected. Client state only: the events
 * themselves go into the React Query cache; this only decides whether to poll.
 */
interface StreamState {
  live: boolean;
  actions: {
    streamOpened: () => void;
    streamLost: () => void;
  };
}

const useStreamStore = create<StreamState>()((set) => ({
  live: false,
  actions: {
    streamOpened: () => set({ live: true }),
    streamLost: () => set({ live: false }),
  },
}));

export const useStreamLive = (): boolean => useStreamStore((s) => s.live);
/** For code outside React (a query's refetchInterval). */
export const isStreamLive = (): boolean => useStreamStore.getState().live;
export const streamActions = (): StreamState['actions'] => useStreamStore.getState().actions;
