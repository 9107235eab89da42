/** What the page tells a waiting service worker when the user accepts its build. */
export const SKIP_WAITING = 'SKIP_WAITING';
