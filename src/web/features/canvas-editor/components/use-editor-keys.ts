import { useEffect } from 'react';
import { dispatchKey, type KeyHandlers } from '@/web/lib/key-actions';
import { isTyping } from '@/web/lib/keyboard';
import { useEditorStore } from '../model/editor-store';
import { nextBrushSize, useViewStore } from '../model/view-store';
import type { ToolId } from '../tools/tool';
import { MASK_NAME_ID, maskLoaded } from './saved-masks';
import { selectionRequested } from './selections';
import { shapeFinished, shapeStepBack } from './use-stage-pointer';

/** What each of the editor's keys does (`lib/key-actions.ts` binds them). */
function editorKeys(onClose: () => void): KeyHandlers<'editor'> {
  const view = () => useViewStore.getState();
  const editor = () => useEditorStore.getState();
  const tool = (id: ToolId) => () => view().toolSelected(id);
  const resize = (step: 1 | -1) => () => view().brushResized(nextBrushSize(view().brushSize, step));
  return {
    'editor.escape': () => (view().draft ? view().draftChanged(null) : onClose()),
    'editor.undo': () => editor().undoRequested(),
    'editor.redo': () => editor().redoRequested(),
    'editor.brush': tool('brush'),
    'editor.eraser': tool('eraser'),
    'editor.rect': tool('rect'),
    'editor.lasso': tool('lasso'),
    'editor.polygon': tool('polygon'),
    'editor.wand': tool('wand'),
    'editor.magnetic': tool('magnetic'),
    'editor.grow': () => selectionRequested({ kind: 'grow', px: view().selectPx }),
    'editor.shrink': () => selectionRequested({ kind: 'shrink', px: view().selectPx }),
    'editor.feather': () => selectionRequested({ kind: 'feather', px: view().selectPx }),
    'editor.invert': () => editor().maskInverted(),
    'editor.saveMask': () => document.getElementById(MASK_NAME_ID)?.focus(),
    'editor.loadMask': () => maskLoaded(),
    // Inpaint masks the image where it is: there is nothing to move.
    'editor.move': () => editor().doc?.mode !== 'inpaint' && view().toolSelected('move'),
    // Enter finishes a polygon or magnetic lasso being drawn; otherwise it presses the
    // focused control (a tool or a button reached by Tab).
    'editor.finish': (e) => shapeFinished(e.altKey),
    'editor.back': () => shapeStepBack(),
    'editor.smaller': resize(-1),
    'editor.larger': resize(1),
    // Space stays the pan key wherever focus is; letting go of it ends the pan (keyup).
    'editor.pan': () => view().panKeyChanged(true),
  };
}

function onKeyDown(e: KeyboardEvent, keys: KeyHandlers<'editor'>): void {
  if (isTyping(e.target)) {
    // Escape in a field leaves the field; closing from there would drop the painting.
    if (e.key === 'Escape' && e.target instanceof HTMLElement) e.target.blur();
    return;
  }
  dispatchKey('editor', keys, e);
}

/** The editor's shortcuts, while it is open; typing in its fields is left alone. */
export function useEditorKeys(onClose: () => void) {
  useEffect(() => {
    const keys = editorKeys(onClose);
    const down = (e: KeyboardEvent) => onKeyDown(e, keys);
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') useViewStore.getState().panKeyChanged(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [onClose]);
}
