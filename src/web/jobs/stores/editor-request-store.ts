import { create } from 'zustand';
import type { Job } from '@/contract/studio-api';
import { reuseMaskMode } from '../utils/action-plan';

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
  /**
   * Reuse mask: open with the mask this job (a vary region or edit) was sent with. Holds
   * `params.mask` as the studio kept it, unchecked; the editor checks it, and prefers the
   * browser's own copy of that mask.
   */
  reuseMask?: { sentWith: unknown };
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

/**
 * The editor request of a card's or viewer's Vary region, Edit or Reuse mask on image
 * `imageNo` of `job`, shown at `imageUrl`; null when the job cannot reuse a mask.
 */
export function jobEditorRequest(
  job: Pick<Job, 'id' | 'prompt' | 'operation' | 'params'>,
  imageNo: number,
  imageUrl: string,
  kind: 'vary-region' | 'edit' | 'reuse-mask',
): EditorRequest | null {
  const base = { jobId: job.id, imageNo, imageUrl, prompt: job.prompt };
  if (kind === 'vary-region') return { ...base, mode: 'inpaint' };
  if (kind === 'edit') return { ...base, mode: 'edit' };
  const mode = reuseMaskMode(job.operation);
  return mode ? { ...base, mode, reuseMask: { sentWith: job.params?.mask } } : null;
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
