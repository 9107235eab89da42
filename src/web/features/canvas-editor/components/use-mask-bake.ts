import { useEffect, useState } from 'react';
import { createMaskBaker } from '../mask/baker';
import { bakeDue } from '../model/bake';
import type { EditorDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';

/**
 * Keeps a long session's ops bounded: once the mask holds more than BAKE_AT ops, the
 * oldest are flattened into the base mask in a worker, and the document takes the result
 * if it still starts with them. Painting goes on meanwhile; nothing it draws changes.
 */
export function useMaskBake(doc: EditorDocument | null): void {
  // One baker per editor; it spawns its worker on first use.
  const [baker] = useState(createMaskBaker);
  const maskBaked = useEditorStore((s) => s.maskBaked);
  const ops = doc?.ops;
  const base = doc?.base ?? null;
  const width = doc?.image.width ?? 1;
  const height = doc?.image.height ?? 1;
  useEffect(() => () => baker.dispose(), [baker]);
  useEffect(() => {
    const due = ops && bakeDue({ base, ops });
    if (!due) return;
    // Refused while an earlier flattening runs: its answer changes the document, and this
    // effect asks again then if the mask is still too long.
    baker.bake({ ops: due, base, width, height }, (baked) => maskBaked({ base, ops: due }, baked));
  }, [baker, maskBaked, ops, base, width, height]);
}
