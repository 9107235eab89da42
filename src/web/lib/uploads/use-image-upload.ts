import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClipboardEvent } from 'react';
import type { Upload, UploadsStatus } from '@/contract/studio-api';
import { describeError } from '../describe-error';
import { uploadProblem } from './upload-check';
import { imageFileOf, uploadImage, uploadQueries } from './uploads';

export interface ImageUpload {
  /** Undefined until `GET /studio-api/status` answered. */
  status: UploadsStatus | undefined;
  /** Checks the file and sends it; a refusal lands in `message`. */
  send: (file: File | undefined) => void;
  /** A paste handler: an image on the clipboard is sent; pasted text stays text. */
  onPaste: (e: ClipboardEvent) => void;
  pending: boolean;
  /** Why the last file was refused, naming the limit; null when nothing went wrong. */
  message: string | null;
}

/**
 * One image upload, shared by every place that takes images (tool fields, the prompt
 * box): the same checks before sending and the same wording of the server's refusals.
 */
export function useImageUpload(onUploaded: (upload: Upload) => void): ImageUpload {
  const status = useQuery(uploadQueries.status());
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: onUploaded });
  const send = (file: File | undefined) => {
    if (!file) return;
    // Checked here first: a refused file never leaves the browser. Before the status is
    // known the server checks alone; its refusal reads the same.
    const why = status.data ? refusal(file, status.data) : null;
    setProblem(why);
    if (why) upload.reset();
    else upload.mutate(file);
  };
  const onPaste = (e: ClipboardEvent) => {
    const file = imageFileOf(e.clipboardData);
    if (!file) return;
    e.preventDefault();
    send(file);
  };
  return {
    status: status.data,
    send,
    onPaste,
    pending: upload.isPending,
    message: problem ?? (upload.error ? errorText(upload.error) : null),
  };
}

function refusal(file: File, status: UploadsStatus): string | null {
  if (!status.enabled) return `Uploads are off: ${status.reason ?? 'not available'}`;
  return uploadProblem(file, status);
}

// The server's title names the limit (413 size, 415 type, 422 pixels, 507 storage); its
// hint says what to do about it.
function errorText(err: unknown): string {
  const { title, hint } = describeError(err);
  return hint ? `${title} ${hint}` : title;
}
