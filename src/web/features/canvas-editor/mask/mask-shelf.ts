import type { PackedMask } from './packed';
import { isPackedMask } from './packed';

/*
 * Masks the browser keeps (localStorage): the mask each vary region or edit was sent with,
 * by the job it made, so that "Reuse mask" opens at once and exactly (the studio keeps each
 * job's mask too, for any browser: `reuse.ts`). Masks saved by name used to live here as
 * well; the studio keeps them now (`saved-store.ts`), and those found here move to it.
 */
const KEY = 'studio.editor.masks';
/** Masks of sent jobs kept; the oldest go first, and whenever room is needed. */
const SENT_MAX = 40;
/** Characters the whole store may take (localStorage holds about 5 MB a site). */
export const SHELF_MAX_CHARS = 2_000_000;

interface SentMask {
  job: string;
  at: number;
  mask: PackedMask;
}
/** A mask saved by name in this browser, before the studio kept them. */
interface BrowserSavedMask {
  image: string;
  name: string;
  at: number;
  mask: PackedMask;
}
interface Shelf {
  sent: SentMask[];
  saved: BrowserSavedMask[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const entries = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    : [];

function readShelf(storage: Storage): Shelf {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const sent = entries(o.sent).filter(
    (e): e is Record<string, unknown> & SentMask =>
      isString(e.job) && typeof e.at === 'number' && isPackedMask(e.mask),
  );
  const saved = entries(o.saved).filter(
    (e): e is Record<string, unknown> & BrowserSavedMask =>
      isString(e.image) && isString(e.name) && typeof e.at === 'number' && isPackedMask(e.mask),
  );
  return { sent, saved };
}

const charsOf = (shelf: Shelf): number => JSON.stringify(shelf).length;

/** Writes the shelf, dropping masks of sent jobs (oldest first) until it fits; false if it cannot. */
function writeShelf(storage: Storage, shelf: Shelf): boolean {
  const sent = [...shelf.sent].sort((a, b) => a.at - b.at).slice(-SENT_MAX);
  for (;;) {
    const next = { sent, saved: shelf.saved };
    if (charsOf(next) <= SHELF_MAX_CHARS) {
      try {
        storage.setItem(KEY, JSON.stringify(next));
        return true;
      } catch {
        // The browser's own quota, below ours: make room as for ours.
      }
    }
    if (sent.length === 0) return false;
    sent.shift();
  }
}

export interface MaskShelf {
  /** Keeps the mask a job was sent with; quietly not kept if it cannot fit at all. */
  keepSent(job: string, mask: PackedMask): void;
  sentMask(job: string): PackedMask | null;
  /** The masks saved by name in this browser before the studio kept them, to move there. */
  savedHere(): BrowserSavedMask[];
  /** Forgets one of those (the studio has it now). */
  remove(image: string, name: string): void;
}

/** A Storage in memory: for tests, and for this visit when the browser refuses storage. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

let refused: Storage | null = null;

/** localStorage, which private modes or blocked cookies can refuse (reading it throws). */
function pageStorage(): Storage {
  try {
    return window.localStorage;
  } catch {
    refused ??= memoryStorage();
    return refused;
  }
}

/** The shelf in `storage` (the page's localStorage, or a test's). */
export function maskShelf(storage: Storage = pageStorage(), now = () => Date.now()): MaskShelf {
  return {
    keepSent(job, mask) {
      const shelf = readShelf(storage);
      const sent = shelf.sent.filter((s) => s.job !== job);
      writeShelf(storage, { ...shelf, sent: [...sent, { job, at: now(), mask }] });
    },
    sentMask: (job) => readShelf(storage).sent.find((s) => s.job === job)?.mask ?? null,
    // Oldest first: moved in that order, the newest is the newest on the studio too.
    savedHere: () => [...readShelf(storage).saved].sort((a, b) => a.at - b.at),
    remove(image, name) {
      const shelf = readShelf(storage);
      const saved = shelf.saved.filter((s) => !(s.image === image && s.name === name));
      writeShelf(storage, { ...shelf, saved });
    },
  };
}
