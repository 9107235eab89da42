import { create } from 'zustand';

/**
 * Which image the canvas editor should open. The jobs feature's menu writes it and the
 * app layer reads it and shows the editor: features do not import each other.
 */
export interface EditorRequest {
  jobId: string;
  imageNo: number;
  mode: 'inpaint' | 'edit';
  /** Same-origin address of the image (`/media/<handle>/<n>`). */
  imageUrl: string;
  prompt: string;
}

interface EditorRequestState {
  request: EditorRequest | null;
  editorRequested: (request: EditorRequest) => void;
  editorClosed: () => void;
}

const useEditorRequestStore = create<EditorRequestState>()((set) => ({
  request: null,
  editorRequested: (request) => set({ request }),
  editorClosed: () => set({ request: null }),
}));

export const useEditorRequest = () => useEditorRequestStore((s) => s.request);
export const useEditorRequested = () => useEditorRequestStore((s) => s.editorRequested);
export const useEditorClosed = () => useEditorRequestStore((s) => s.editorClosed);
