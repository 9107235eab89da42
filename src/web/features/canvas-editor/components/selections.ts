import { whenIdle } from '@/web/lib/lazy-component';
import type { ImagePoint } from '../geometry/points';
import type { EdgeMap } from '../mask/live-wire';
import type { SelectJob } from '../mask/select-protocol';
import type { Selector } from '../mask/selector';
import { createSelector } from '../mask/selector';
import type { EditorDocument, PixelsOp } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { keepPreview } from './mask-bitmap';
import { selectionProblem, workerProblem } from './worker-problems';

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
/** The magnetic lasso's edge map of the open image, once found. */
let edges: { url: string; map: EdgeMap | null } | null = null;

const told = (problem: string) => useViewStore.getState().problemShown(problem);

/** The selector, made on first use; a failure of its worker is told to the user. */
const theSelector = (): Selector =>
  (selector ??= createSelector(undefined, (reason, carriedOn) =>
    told(workerProblem('selections', reason, carriedOn)),
  ));

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
  theSelector().send(jobOf(action, doc), ({ op, preview, error }) => {
    running = false;
    if (error) told(selectionProblem(action.kind, error));
    const now = useEditorStore.getState().doc;
    if (op && now?.image.url === doc.image.url) {
      // Grow, shrink and feather replace the mask they were given: if it changed meanwhile
      // (a stroke ended), they are worked out again from the mask there is now.
      if (action.kind !== 'wand' && (now.ops !== doc.ops || now.base !== doc.base)) {
        queue.unshift(action);
      } else {
        if (preview) keepPreview(op, preview);
        useEditorStore.getState().pixelsAdded(op);
        keptLater();
      }
    }
    pump();
  });
}

let keeping = false;
/**
 * Sends the worker the mask there is now at the page's next idle moment (its new op is
 * copied then, not in the message of the Grow that may follow: shipped-mask.ts).
 */
function keptLater(): void {
  if (keeping) return;
  keeping = true;
  whenIdle(() => {
    keeping = false;
    const doc = useEditorStore.getState().doc;
    if (!selector || !doc) return;
    const mask = { base: doc.base, ops: doc.ops, width: doc.image.width, height: doc.image.height };
    selector.send({ kind: 'keep', mask }, () => {});
  });
}

/** Asks for a selection; it joins the mask as one step of undo once worked out. */
export function selectionRequested(action: SelectAction): void {
  queue.push(action);
  pump();
}

/** Decodes the image in the worker ahead of the first wand click. */
export function selectionsWarmed(image: EditorDocument['image']): void {
  theSelector().send({ kind: 'load', image }, () => {});
}

/**
 * Asks the worker for the image's edge map, for the magnetic lasso: once per image, and
 * again after it failed. Until it is there, the lasso draws freehand.
 */
export function edgesWanted(image: EditorDocument['image']): void {
  if (edges?.url === image.url && useViewStore.getState().edges !== 'failed') return;
  edges = { url: image.url, map: null };
  const view = useViewStore.getState();
  view.edgesChanged('finding');
  theSelector().send({ kind: 'edges', image }, (answer) => {
    if (edges?.url !== image.url) return;
    edges = { url: image.url, map: answer.edges ?? null };
    useViewStore.getState().edgesChanged(answer.edges ? 'ready' : 'failed');
    if (!answer.edges) told(selectionProblem('edges', answer.error ?? 'no edges came back'));
  });
}

/** The edge map of the image at `url`, when found. */
export const edgesOf = (url: string): EdgeMap | null => (edges?.url === url ? edges.map : null);

/** The editor closed: its worker, its image and any selection not yet done go. */
export function selectionsClosed(): void {
  selector?.dispose();
  selector = null;
  edges = null;
  queue.length = 0;
  running = false;
  useViewStore.getState().selectingChanged(false);
}

/** What the wand does at a click: Shift adds and Alt cuts, whatever its mode. */
export const wandHow = (mods: { shiftKey: boolean; altKey: boolean }): PixelsOp['how'] =>
  mods.altKey ? 'subtract' : mods.shiftKey ? 'add' : useViewStore.getState().wandMode;
