/**
 * On #root: the studio server drew the Create page's first screen in it
 * (`src/web/server/first-screen.tsx`). The root is `inert` too until the app has rendered in
 * its place, so that nothing is typed or clicked into markup not yet live.
 */
export const DRAWN_ATTRIBUTE = 'data-drawn';

/** Whether the root still holds the first screen the server drew (the app's first render is over it). */
export function rootIsDrawn(): boolean {
  return document.getElementById('root')?.hasAttribute(DRAWN_ATTRIBUTE) ?? false;
}
