import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { keyCaps, keyOf } from '@/web/lib/key-actions';
import { countSet, rasterise } from '../mask/grid';
import type { MaskShelf } from '../mask/mask-shelf';
import { maskShelf } from '../mask/mask-shelf';
import { packMask, unpackMask } from '../mask/packed';
import { pixelsOpOf } from '../mask/pixels';
import { useEditorStore } from '../model/editor-store';

/** The name field's id: the Save mask key puts focus there. */
export const MASK_NAME_ID = 'editor-mask-name';
const NAME_MAX = 60;

/** Saves the document's mask under `name` for its image; an error message, or null. */
function maskSaved(shelf: MaskShelf, name: string): string | null {
  const doc = useEditorStore.getState().doc;
  if (!doc) return 'Nothing to save: the image is not open.';
  const grid = rasterise(doc.ops, doc.image.width, doc.image.height, doc.base);
  if (countSet(grid) === 0) return 'Nothing to save: paint a mask first.';
  return shelf.save(doc.image.url, name, packMask(grid));
}

/**
 * Puts a saved mask of this image (by name; the newest when none is named) in place of
 * the mask, as one step of undo, scaled if it was saved at another size. False if none.
 */
export function maskLoaded(shelf: MaskShelf, name?: string): boolean {
  const editor = useEditorStore.getState();
  const doc = editor.doc;
  if (!doc) return false;
  const saved = shelf.saved(doc.image.url).find((s) => name === undefined || s.name === name);
  const grid = saved ? unpackMask(saved.mask, doc.image.width, doc.image.height) : null;
  if (!grid) return false;
  editor.pixelsAdded(pixelsOpOf(grid, 'replace'));
  return true;
}

const hint = (label: string, id: 'editor.saveMask' | 'editor.loadMask') =>
  `${label} (${keyCaps(keyOf(id)).join('+')})`;

/** Masks saved by name for this image, kept in the browser: save, load and delete. */
export function SavedMasks({ shelf = maskShelf() }: { shelf?: MaskShelf }) {
  const image = useEditorStore((s) => s.doc?.image.url ?? '');
  const empty = useEditorStore((s) => !s.doc || (s.doc.ops.length === 0 && !s.doc.base));
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // Bumped after each change of the shelf, which lives outside React.
  const [, setVersion] = useState(0);
  const saved = shelf.saved(image);
  const changed = (text: string | null) => {
    setMessage(text);
    setVersion((v) => v + 1);
  };
  return (
    <section aria-label="Saved masks" className="flex flex-col gap-2 text-xs">
      <h3 className="font-medium text-zinc-400">Saved masks</h3>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const trimmed = name.trim();
          const error = maskSaved(shelf, trimmed);
          if (!error) setName('');
          changed(error ?? `Saved “${trimmed}”.`);
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
          disabled={empty || name.trim() === ''}
          aria-keyshortcuts={keyOf('editor.saveMask')}
          title={hint('Save the mask under this name', 'editor.saveMask')}
        >
          Save mask
        </Button>
      </form>
      {saved.length > 0 ? (
        <ul aria-label="Saved masks of this image" className="flex flex-col gap-1">
          {saved.map((s, i) => (
            <li key={s.name} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate">{s.name}</span>
              <Button
                size="sm"
                aria-label={`Load mask ${s.name}`}
                title={i === 0 ? hint('Load', 'editor.loadMask') : 'Load'}
                onClick={() =>
                  changed(maskLoaded(shelf, s.name) ? null : 'That mask could not be read.')
                }
              >
                Load
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete mask ${s.name}`}
                onClick={() => {
                  shelf.remove(image, s.name);
                  changed(null);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-zinc-500">None saved for this image.</p>
      )}
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
