import type { PackedMask } from './packed';
import { isPackedMask } from './packed';

/*
 * Masks the browser keeps (localStorage): the mask each vary region or edit was sent with,
 * by the job it made, so "Reuse mask" works whatever size the mask was (the studio keeps a
 * job's params only up to 8 KB); and masks saved by name for one image, by its address.
 */
const KEY = 'studio.editor.masks';
/** Named masks kept in all; saving one more asks for one to be deleted. */
export const SAVED_MAX = 30;
/** Masks of sent jobs kept; the oldest go first, and whenever room is needed. */
const SENT_MAX = 40;
/** Characters the whole store may take (localStorage holds about 5 MB a site). */
export const SHELF_MAX_CHARS = 2_000_000;

interface SentMask {
  job: string;
  at: number;
  mask: PackedMask;
}
interface SavedMask {
  image: string;
  name: string;
  at: number;
  mask: PackedMask;
}
interface Shelf {
  sent: SentMask[];
  saved: SavedMask[];
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
    (e): e is Record<string, unknown> & SavedMask =>
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
  saved(image: string): SavedMask[];
  /** Saves (or replaces) a named mask of the image; an error message when the shelf is full. */
  save(image: string, name: string, mask: PackedMask): string | null;
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
    saved: (image) =>
      readShelf(storage)
        .saved.filter((s) => s.image === image)
        .sort((a, b) => b.at - a.at),
    save(image, name, mask) {
      const shelf = readShelf(storage);
      const others = shelf.saved.filter((s) => !(s.image === image && s.name === name));
      if (others.length >= SAVED_MAX)
        return `The saved masks are full (${SAVED_MAX} in all): delete one to save another.`;
      const saved = [...others, { image, name, at: now(), mask }];
      if (!writeShelf(storage, { sent: shelf.sent, saved }))
        return 'The saved masks are full (the browser keeps about 2 MB of them): delete one to save another.';
      return null;
    },
    remove(image, name) {
      const shelf = readShelf(storage);
      const saved = shelf.saved.filter((s) => !(s.image === image && s.name === name));
      writeShelf(storage, { ...shelf, saved });
    },
  };
}
