import type { ImagePoint } from '../geometry/points';
import type { SelectJob } from '../mask/select-protocol';
import type { Selector } from '../mask/selector';
import { createSelector } from '../mask/selector';
import type { EditorDocument, PixelsOp } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { keepPreview } from './mask-bitmap';

/** A selection asked for: a wand click, or the whole mask grown, shrunk or feathered. */
export type SelectAction =
  | { kind: 'wand'; at: ImagePoint; how: PixelsOp['how'] }
  | { kind: 'grow' | 'shrink' | 'feather'; px: number };

/*
 * The editor's selections, one at a time and in the order asked: each is worked out in
 * the selector's worker from the document as it is when its turn comes, so a Grow right
 * after a wand click grows what the click selected.
 */
let selector: Selector | null = null;
const queue: SelectAction[] = [];
let running = false;

function jobOf(action: SelectAction, doc: EditorDocument): SelectJob {
  const mask = {
    base: doc.base,
    ops: doc.ops,
    width: doc.image.width,
    height: doc.image.height,
  };
  if (action.kind !== 'wand') return { kind: action.kind, px: action.px, mask };
  const view = useViewStore.getState();
  const { tolerance, contiguous, sample } = view.wand;
  const shown = sample === 'shown' && view.maskVisible;
  return {
    kind: 'wand',
    image: doc.image,
    x: Math.floor(action.at.x),
    y: Math.floor(action.at.y),
    tolerance,
    contiguous,
    how: action.how,
    shown: shown ? { mask, opacity: view.maskOpacity } : null,
  };
}

function pump(): void {
  const doc = useEditorStore.getState().doc;
  const action = queue.shift();
  useViewStore.getState().selectingChanged(running || action !== undefined);
  if (running || !action) return;
  if (!doc) {
    queue.length = 0;
    useViewStore.getState().selectingChanged(false);
    return;
  }
  running = true;
  selector ??= createSelector();
  selector.send(jobOf(action, doc), ({ op, preview }) => {
    running = false;
    const now = useEditorStore.getState().doc;
    if (op && now?.image.url === doc.image.url) {
      // Grow, shrink and feather replace the mask they were given: if it changed meanwhile
      // (a stroke ended), they are worked out again from the mask there is now.
      if (action.kind !== 'wand' && (now.ops !== doc.ops || now.base !== doc.base)) {
        queue.unshift(action);
      } else {
        if (preview) keepPreview(op, preview);
        useEditorStore.getState().pixelsAdded(op);
      }
    }
    pump();
  });
}

/** Asks for a selection; it joins the mask as one step of undo once worked out. */
export function selectionRequested(action: SelectAction): void {
  queue.push(action);
  pump();
}

/** Decodes the image in the worker ahead of the first wand click. */
export function selectionsWarmed(image: EditorDocument['image']): void {
  selector ??= createSelector();
  selector.send({ kind: 'load', image }, () => {});
}

/** The editor closed: its worker, its image and any selection not yet done go. */
export function selectionsClosed(): void {
  selector?.dispose();
  selector = null;
  queue.length = 0;
  running = false;
  useViewStore.getState().selectingChanged(false);
}

/** What the wand does at a click: Shift adds and Alt cuts, whatever its mode. */
export const wandHow = (mods: { shiftKey: boolean; altKey: boolean }): PixelsOp['how'] =>
  mods.altKey ? 'subtract' : mods.shiftKey ? 'add' : useViewStore.getState().wandMode;
