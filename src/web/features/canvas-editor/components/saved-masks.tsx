import { useEffect, useState } from 'react';
import type { SavedMask } from '@/contract/masks';
import { Button } from '@/web/components/ui/button';
import { keyCaps, keyOf } from '@/web/lib/key-actions';
import { countSet, rasterise } from '../mask/grid';
import { packMask, unpackMask } from '../mask/packed';
import { pixelsOpOf } from '../mask/pixels';
import { maskDeleted, maskSaved, savedMasksLoaded, useSavedMasks } from '../mask/saved-store';
import { useEditorStore } from '../model/editor-store';

/** The name field's id: the Save mask key puts focus there. */
export const MASK_NAME_ID = 'editor-mask-name';
/**
 * The longest name the studio keeps (the contract's `MASK_NAME_MAX`, not imported: this
 * chunk takes nothing at run time from the contract's masks, which stay in the answers').
 */
const NAME_MAX = 80;

/** Saves the document's mask under `name` for its image; an error message, or null. */
function documentMaskSaved(name: string): Promise<string | null> {
  const doc = useEditorStore.getState().doc;
  if (!doc) return Promise.resolve('Nothing to save: the image is not open.');
  const grid = rasterise(doc.ops, doc.image.width, doc.image.height, doc.base);
  if (countSet(grid) === 0) return Promise.resolve('Nothing to save: paint a mask first.');
  return maskSaved(doc.image.url, name, packMask(grid));
}

/**
 * Puts a saved mask of this image (by name; the newest when none is named) in place of
 * the mask, as one step of undo, scaled if it was saved at another size. False if none.
 */
export function maskLoaded(name?: string): boolean {
  const editor = useEditorStore.getState();
  const doc = editor.doc;
  const list = useSavedMasks.getState();
  if (!doc || list.image !== doc.image.url) return false;
  const saved = list.masks.find((s) => name === undefined || s.name === name);
  const grid = saved ? unpackMask(saved.mask, doc.image.width, doc.image.height) : null;
  if (!grid) return false;
  editor.pixelsAdded(pixelsOpOf(grid, 'replace'));
  return true;
}

const hint = (label: string, id: 'editor.saveMask' | 'editor.loadMask') =>
  `${label} (${keyCaps(keyOf(id)).join('+')})`;

interface SavedMaskListProps {
  saved: readonly SavedMask[];
  busy: boolean;
  onLoaded: (message: string | null) => void;
  onDelete: (name: string) => void;
}

/** The saved masks of the image, newest first, each to load or delete. */
function SavedMaskList({ saved, busy, onLoaded, onDelete }: SavedMaskListProps) {
  return saved.length > 0 ? (
    <ul aria-label="Saved masks of this image" className="flex flex-col gap-1">
      {saved.map((s, i) => (
        <li key={s.name} className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate">{s.name}</span>
          <Button
            size="sm"
            aria-label={`Load mask ${s.name}`}
            title={i === 0 ? hint('Load', 'editor.loadMask') : 'Load'}
            onClick={() => onLoaded(maskLoaded(s.name) ? null : 'That mask could not be read.')}
          >
            Load
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete mask ${s.name}`}
            disabled={busy}
            onClick={() => onDelete(s.name)}
          >
            Delete
          </Button>
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-zinc-500">None saved for this image.</p>
  );
}

/**
 * The person's masks saved by name for this image, kept by the studio (from any browser):
 * save, load and delete.
 */
export function SavedMasks() {
  const image = useEditorStore((s) => s.doc?.image.url ?? '');
  const empty = useEditorStore((s) => !s.doc || (s.doc.ops.length === 0 && !s.doc.base));
  const list = useSavedMasks();
  const saved = list.image === image ? list.masks : [];
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (image !== '') void savedMasksLoaded(image);
  }, [image]);
  const after = (work: Promise<string | null>, done: string | null) => {
    setBusy(true);
    void work.then((error) => {
      setBusy(false);
      setMessage(error ?? done);
    });
  };
  return (
    <section aria-label="Saved masks" className="flex flex-col gap-2 text-xs">
      <h3 className="font-medium text-zinc-400">Saved masks</h3>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = name.trim();
          after(
            documentMaskSaved(trimmed).then((error) => {
              if (!error) setName('');
              return error;
            }),
            `Saved “${trimmed}”.`,
          );
        }}
      >
        <input
          id={MASK_NAME_ID}
          required
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="Mask name"
          placeholder="Name"
          className="min-w-0 flex-1 rounded bg-zinc-900 px-1 ring-1 ring-zinc-700"
        />
        <Button
          type="submit"
          size="sm"
          disabled={empty || busy || name.trim() === ''}
          aria-keyshortcuts={keyOf('editor.saveMask')}
          title={hint('Save the mask under this name', 'editor.saveMask')}
        >
          Save mask
        </Button>
      </form>
      <SavedMaskList
        saved={saved}
        busy={busy}
        onLoaded={setMessage}
        onDelete={(name) => after(maskDeleted(image, name), null)}
      />
      {list.image === image && list.error ? <p className="text-amber-300">{list.error}</p> : null}
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
