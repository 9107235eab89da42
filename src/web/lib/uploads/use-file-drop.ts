import { useState } from 'react';
import type { DragEvent } from 'react';
import { imageFileOf } from './uploads';

/**
 * Files dropped on an element (the image among them, else the first). `over` is true while
 * files hover it, for the highlight. Only drags that carry files are taken: dragged text
 * still lands where it is dropped, as in the prompt's textarea.
 */
export function useFileDrop(onFile: (file: File | undefined) => void) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      setOver(false);
      if (e.dataTransfer.files.length === 0) return;
      e.preventDefault();
      onFile(imageFileOf(e.dataTransfer) ?? e.dataTransfer.files[0]);
    },
  };
  return { over, dropProps };
}
