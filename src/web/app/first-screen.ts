import { EVENT_POSITION_HEADER } from '@/contract/event-position';
import type { JobList } from '@/contract/studio-api';
import { DRAWN_ATTRIBUTE } from '../lib/drawn-root';
import { noteEventPosition } from '../lib/events/position';
import { routeFromHash } from './router';

/**
 * The Create page's first screen, drawn by the studio server into index.html's root with
 * the feed's answer it was drawn from (`src/web/server/first-screen.tsx` writes both). The
 * page shows the member's newest cards at its first paint; the app then renders in its
 * place, at once, from the same answer (studio-root.tsx).
 */

/** The element that holds the feed's answer, as JSON, and the event position it was read at. */
export const FEED_ANSWER_ID = 'first-feed';
/**
 * On <html>, set by the head's script when the page opened is not Create
 * (`src/web/server/first-screen.tsx`): styles.css hides the drawn page then.
 */
export const OTHER_PAGE_ATTRIBUTE = 'data-other-page';

/**
 * The feed the server drew the root's first screen from, when it holds one and the page
 * opened is Create; the app's first render renders the same screen from it. The server
 * parsed it with the contract's schema before drawing (the same parse a read of the feed
 * makes here), so it is taken as it is: the first render waits neither for the schemas'
 * chunk nor for a second parse. Null otherwise, and what hid the markup is released.
 */
export function adoptDrawnScreen(root: HTMLElement, hash: string): JobList | null {
  const answer = document.getElementById(FEED_ANSWER_ID);
  answer?.remove();
  if (!root.hasAttribute(DRAWN_ATTRIBUTE)) return null;
  if (answer === null || routeFromHash(hash) !== 'create') {
    // Another page, or no answer to draw it from: the app renders in place of the markup.
    releaseDrawnScreen(root);
    return null;
  }
  const position = answer.dataset.eventPosition;
  if (position !== undefined) noteEventPosition(new Headers({ [EVENT_POSITION_HEADER]: position }));
  return JSON.parse(answer.textContent) as JobList;
}

/** The app has rendered in place of the drawn screen, or renders in its place: live, not hidden. */
export function releaseDrawnScreen(root: HTMLElement): void {
  root.removeAttribute('inert');
  root.removeAttribute(DRAWN_ATTRIBUTE);
  document.documentElement.removeAttribute(OTHER_PAGE_ATTRIBUTE);
}
