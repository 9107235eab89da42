import { create } from 'zustand';

/**
 * Browser notifications for jobs that end while the tab is hidden. Off until the person
 * turns them on; the browser's permission is asked only then, from that click, never on
 * load. The choice is remembered in this browser.
 */
const KEY = 'studio.notifications';

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

function remembered(): boolean {
  try {
    return (
      localStorage.getItem(KEY) === 'on' && supported() && Notification.permission === 'granted'
    );
  } catch {
    return false;
  }
}

interface NotificationsState {
  enabled: boolean;
  /** Why they could not be turned on (unsupported, or the browser refused), or null. */
  problem: string | null;
  notificationsToggled: () => Promise<void>;
}

const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  enabled: remembered(),
  problem: null,
  notificationsToggled: async () => {
    if (get().enabled) {
      localStorage.setItem(KEY, 'off');
      return set({ enabled: false, problem: null });
    }
    if (!supported()) return set({ problem: 'This browser cannot show notifications.' });
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      return set({ problem: 'The browser did not allow notifications for this site.' });
    }
    localStorage.setItem(KEY, 'on');
    set({ enabled: true, problem: null });
  },
}));

export const useNotifications = () => useNotificationsStore();

/** Shows a notification when they are on and nobody is looking at the tab. */
export function notifyIfHidden(title: string, body: string): void {
  if (!useNotificationsStore.getState().enabled || !document.hidden || !supported()) return;
  if (Notification.permission !== 'granted') return;
  new Notification(title, { body, tag: 'studio-job' });
}
