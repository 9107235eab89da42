import { useState } from 'react';

export type LibraryView = 'cards' | 'gallery';

const KEY = 'studio.library.view';

function stored(): LibraryView {
  try {
    return localStorage.getItem(KEY) === 'gallery' ? 'gallery' : 'cards';
  } catch {
    return 'cards';
  }
}

/** Job cards or the gallery: the library's view, remembered in this browser. */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const [view, setView] = useState<LibraryView>(stored);
  const choose = (next: LibraryView) => {
    setView(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private mode without storage: the choice lasts until the page is left.
    }
  };
  return [view, choose];
}
