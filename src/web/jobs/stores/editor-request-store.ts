import { create } from 'zustand';

/**
 * Which image the canvas editor should open. The feed's image menu and the tools
 * feature's "Upload and paint" write it; the app layer reads it and shows the editor:
 * features do not import each other.
 */
export type EditorRequest = JobEditorRequest | UploadEditorRequest;

/** Vary region (inpaint) or Edit of one image of a finished job. */
interface JobEditorRequest {
  mode: 'inpaint' | 'edit';
  jobId: string;
  imageNo: number;
  /** Same-origin address of the image (`/media/<handle>/<n>`). */
  imageUrl: string;
  /** The job's prompt, which a follow-up's cost depends on. */
  prompt: string;
}

/** Upload and paint: an uploaded image, no parent job. */
interface UploadEditorRequest {
  mode: 'upload-paint';
  /** The upload's public URL (`PUBLIC_URL/u/<token>`): what the service fetches. */
  imgUrl: string;
  /**
   * The same file on the studio's own origin (`/u/<token>`), at full resolution, so the
   * editor's image has the upload's own size and the mask is traced in its frame.
   */
  imageUrl: string;
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
