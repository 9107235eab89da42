import { useEffect, useState } from 'react';
import { createMaskBaker } from '../mask/baker';
import { bakeDue } from '../model/bake';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { useViewStore } from '../model/view-store';
import { workerProblem } from './worker-problems';

/**
 * Keeps a long session's ops bounded: once the newest mask holds more than BAKE_AT ops,
 * the oldest are flattened into the base mask in a worker, and the document takes the
 * result if it still starts with them. Painting goes on meanwhile; nothing it draws
 * changes. A state reached by undo is left as it is (it is history, and flattening it
 * would make a second base for the same pixels); painting from there again reuses the
 * last flattening when it covers the same ops.
 */
export function useMaskBake(doc: EditorDocument | null): void {
  // One baker per editor; it spawns its worker on first use.
  const [baker] = useState(() =>
    createMaskBaker(undefined, (reason, carriedOn) =>
      useViewStore.getState().problemShown(workerProblem('bake', reason, carriedOn)),
    ),
  );
  const maskBaked = useEditorStore((s) => s.maskBaked);
  const newest = useEditorStore((s) => s.future.length === 0);
  const ops = doc?.ops;
  const base = doc?.base ?? null;
  const width = doc?.image.width ?? 1;
  const height = doc?.image.height ?? 1;
  useEffect(() => () => baker.dispose(), [baker]);
  useEffect(() => {
    const due = ops ? bakeDue({ base, ops }, newest, useEditorStore.getState().lastBake) : null;
    if (!due) return;
    const from = { base, ops: due.ops };
    if (due.done) return maskBaked(from, due.done);
    // Refused while an earlier flattening runs: its answer changes the document, and this
    // effect asks again then if the mask is still too long.
    baker.bake({ ops: due.ops, base, width, height }, (baked) => maskBaked(from, baked));
  }, [baker, maskBaked, newest, ops, base, width, height]);
}
