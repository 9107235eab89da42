import { create } from 'zustand';

/** The largest threshold the field takes: more credits than any account is likely to hold. */
export const MAX_THRESHOLD = 100_000_000;

const STORAGE_KEY = 'studio.low-balance-threshold';

/**
 * The user's own low-balance threshold, in credits, kept in this browser (localStorage):
 * below it the studio shows the low-balance banner, as it does when the service raises
 * its own alert. Null when the user set none.
 */
interface ThresholdState {
  thresholdCredits: number | null;
  actions: {
    thresholdSet: (credits: number | null) => void;
  };
}

const valid = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_THRESHOLD;

/** A hand-edited or corrupt value is dropped rather than trusted. */
function stored(text: string | null): number | null {
  try {
    const n: unknown = JSON.parse(text ?? 'null');
    return valid(n) ? n : null;
  } catch {
    return null;
  }
}

function readStorage(): number | null {
  try {
    return stored(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage blocked (privacy settings): the threshold lives for this page only.
    return null;
  }
}

function writeStorage(credits: number | null): void {
  try {
    if (credits === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(credits));
  } catch {
    // Storage blocked or full: the threshold still holds for this page.
  }
}

const useThresholdStore = create<ThresholdState>()((set) => ({
  thresholdCredits: readStorage(),
  actions: {
    thresholdSet: (credits) => {
      const next = valid(credits) ? credits : null;
      writeStorage(next);
      set({ thresholdCredits: next });
    },
  },
}));

// Another tab of the studio changed it: follow.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) useThresholdStore.setState({ thresholdCredits: stored(e.newValue) });
  });
}

export const useThresholdCredits = (): number | null =>
  useThresholdStore((s) => s.thresholdCredits);
export const useThresholdActions = (): ThresholdState['actions'] =>
  useThresholdStore((s) => s.actions);
