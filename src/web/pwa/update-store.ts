import { create } from 'zustand';

/**
 * A newly deployed build, installed and waiting: `accept` hands the page to it and
 * reloads. Null until the service worker says one waits; never acted on without the user.
 */
interface UpdateState {
  accept: (() => void) | null;
}

const useUpdateStore = create<UpdateState>()(() => ({ accept: null }));

export const useUpdateOffer = (): (() => void) | null => useUpdateStore((s) => s.accept);
export const offerUpdate = (accept: () => void): void => useUpdateStore.setState({ accept });
