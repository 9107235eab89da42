import { useEffect } from 'react';
import { isTyping } from '@/web/lib/keyboard';
import { useEditorStore } from '../model/editor-store';
import { nextBrushSize, useViewStore } from '../model/view-store';
import { toolByKey } from '../tools/registry';
import { polygonFinished } from './use-stage-pointer';

function onKeyDown(e: KeyboardEvent, onClose: () => void): void {
  const view = useViewStore.getState();
  const editor = useEditorStore.getState();
  if (isTyping(e.target)) {
    // Escape in a field leaves the field; closing from there would drop the painting.
    if (e.key === 'Escape' && e.target instanceof HTMLElement) e.target.blur();
    return;
  }
  if (e.key === 'Escape') {
    if (view.draft) view.draftChanged(null);
    else onClose();
    return;
  }
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'z') editor[e.shiftKey ? 'redoRequested' : 'undoRequested']();
  else if (mod && key === 'y') editor.redoRequested();
  else if (mod) return;
  else if (e.key === ' ') view.panKeyChanged(true);
  else if (e.key === '[' || e.key === ']')
    view.brushResized(nextBrushSize(view.brushSize, e.key === ']' ? 1 : -1));
  // Enter finishes a polygon being drawn; otherwise it presses the focused control (a
  // tool or a button reached by Tab). Space stays the pan key wherever focus is.
  else if (e.key === 'Enter' && view.tool === 'polygon' && view.draft) polygonFinished(e.altKey);
  else if (key === 'v' && editor.doc?.mode !== 'inpaint') view.toolSelected('move');
  else {
    const tool = toolByKey(key);
    if (!tool) return;
    view.toolSelected(tool.id);
  }
  e.preventDefault();
}

/** The editor's shortcuts, while it is open; typing in its fields is left alone. */
export function useEditorKeys(onClose: () => void) {
  useEffect(() => {
    const down = (e: KeyboardEvent) => onKeyDown(e, onClose);
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
