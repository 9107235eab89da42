import { useEffect } from 'react';
import type { RefObject } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What Tab reaches inside `root`, in order: shown, enabled and not inert. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/**
 * Keeps Tab inside `root`: from the last control to the first and, with Shift, back. The
 * browser would otherwise hand focus to its own address bar, or to the page behind.
 * Returns whether it moved focus.
 */
export function wrapTab(e: KeyboardEvent | React.KeyboardEvent, root: HTMLElement): boolean {
  if (e.key !== 'Tab' || e.defaultPrevented) return false;
  const items = tabbables(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const at = document.activeElement;
  const inside = at instanceof Node && root.contains(at);
  const target = e.shiftKey
    ? !inside || at === first
      ? last
      : null
    : !inside || at === last
      ? first
      : null;
  if (!target) return false;
  e.preventDefault();
  target.focus();
  return true;
}

/** Where focus was: given back on close, if it is still on the page. */
export function rememberFocus(): () => void {
  const opener = document.activeElement;
  return () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
}

/**
 * A modal that is not a native <dialog> (the canvas editor): focus starts on its first
 * control (or one marked autofocus), Tab cycles inside it, focus that lands outside is
 * brought back, and on unmount focus returns to whatever opened it.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const restore = rememberFocus();
    const start = root.querySelector<HTMLElement>('[autofocus]') ?? tabbables(root)[0] ?? root;
    start.focus();
    const onKey = (e: KeyboardEvent) => void wrapTab(e, root);
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.contains(e.target)) {
        (tabbables(root)[0] ?? root).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      restore();
    };
  }, [ref]);
}
