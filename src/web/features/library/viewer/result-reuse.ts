import { createContext, useContext } from 'react';
import type { Upload } from '@/contract/studio-api';

/** What the app layer does with a reused result: it owns the prompt box and the tools. */
export interface ResultReuse {
  usePrompt: (prompt: string) => void;
  useImage: (upload: Upload, role: 'image' | 'sref' | 'cref') => void;
  /** The images (uploads' public URLs, in order) as the first inputs of the Blend tool. */
  blend: (imageUrls: string[]) => void;
}

/** The gallery's reuse for parts it does not hand it to by props (the selection's Blend). */
export const ResultReuseContext = createContext<ResultReuse | null>(null);

export const useResultReuseContext = (): ResultReuse | null => useContext(ResultReuseContext);
