import { createContext } from 'react';

/**
 * True where a list's loader gives card images their files (`library/gallery/use-tile-loader.ts`):
 * an image tile then names its thumbnails in `data-src`/`data-srcset` only. The library's
 * cards set it, so a search's thumbnails never take every connection its next keystroke's
 * search needs; the feed loads its images itself.
 */
export const DeferredThumbs = createContext(false);
