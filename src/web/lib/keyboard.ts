/** Whether a key press is typing: in a field, a select or editable text. */
export const isTyping = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * Whether a page-wide single-key shortcut may act on this key press: not while typing,
 * not with a modifier (the browser's and the system's own shortcuts), not inside a dialog
 * or a menu, whose keys are their own.
 */
export function isShortcutPress(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return false;
  return !(
    e.target instanceof Element && e.target.closest('dialog, [role="dialog"], [role="menu"]')
  );
}
