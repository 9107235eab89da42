import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { KeyboardEvent, ReactNode, ToggleEvent } from 'react';

export interface MenuItem {
  id: string;
  /** Visible text; also the accessible name unless `ariaLabel` is given. */
  label: ReactNode;
  ariaLabel?: string;
  onSelect: () => void;
}

/** Items under a small heading; `row` items sit side by side (the four pan arrows). */
export interface MenuSection {
  id: string;
  heading?: string;
  row?: MenuItem[];
  items: MenuItem[];
}

interface MenuButtonProps {
  /** Accessible name of the trigger, e.g. "More actions for image 2". */
  label: string;
  /** Accessible name of the menu. */
  menuLabel: string;
  /**
   * The menu's content (see MenuSections), rendered only while it is open: a feed of
   * cards holds a menu per image, and hidden items would be thousands of idle elements.
   */
  content: (select: (item: MenuItem) => void) => ReactNode;
  className?: string;
  children: ReactNode;
}

const GAP_PX = 4;
/** The menu's width (`w-56`), for placing it before it can be measured. */
const MENU_WIDTH_PX = 224;

/**
 * Puts the menu under the trigger, right-aligned, inside the viewport; above the trigger
 * when there is no room below. Called before the menu shows (nothing to measure yet) and
 * again once it has a size.
 */
function place(menu: HTMLElement, trigger: HTMLElement): void {
  const t = trigger.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  const width = m.width || MENU_WIDTH_PX;
  const below = t.bottom + GAP_PX;
  const fitsBelow = below + m.height <= window.innerHeight;
  const top = fitsBelow ? below : Math.max(GAP_PX, t.top - GAP_PX - m.height);
  const left = Math.max(GAP_PX, Math.min(t.right - width, window.innerWidth - width - GAP_PX));
  menu.style.top = `${top}px`;
  menu.style.left = `${left}px`;
}

/**
 * A fixed menu must follow its trigger when the page scrolls (new jobs arriving above it
 * shift the feed), and close only once the trigger has left the viewport. It is placed
 * again when its size changes: items whose code came after it opened make it taller, and
 * near the foot of the screen it would then reach past it.
 */
function followTrigger(menu: HTMLElement, trigger: HTMLElement): () => void {
  const update = () => {
    if (!menu.isConnected || !menu.matches(':popover-open')) return;
    const t = trigger.getBoundingClientRect();
    const visible = t.bottom > 0 && t.top < window.innerHeight && trigger.isConnected;
    if (visible) place(menu, trigger);
    else menu.hidePopover();
  };
  window.addEventListener('scroll', update, { capture: true, passive: true });
  window.addEventListener('resize', update);
  const sized = new ResizeObserver(update);
  sized.observe(menu);
  return () => {
    window.removeEventListener('scroll', update, { capture: true });
    window.removeEventListener('resize', update);
    sized.disconnect();
  };
}

const itemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/**
 * Moves focus from the menu to its first item once one is rendered (its code arrived
 * after the menu opened), unless focus has moved on meanwhile.
 */
function focusFirstItemOnceThere(menu: HTMLElement): () => void {
  const observer = new MutationObserver(() => {
    const first = itemsOf(menu)[0];
    if (!first) return;
    observer.disconnect();
    if (document.activeElement === menu) first.focus();
  });
  observer.observe(menu, { childList: true, subtree: true });
  return () => observer.disconnect();
}

const NEXT_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** The popover's state and handlers: placing, first focus, arrow keys, closing on scroll. */
function usePopoverMenu() {
  const menuId = `menu-${useId().replace(/[^\w-]/g, '')}`;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const stopWatching = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWatching.current?.(), []);

  const onBeforeToggle = (e: ToggleEvent<HTMLDivElement>) => {
    if (e.newState !== 'open') return;
    // The items render now, so the menu is placed by its real size and its first item
    // can take focus as it shows.
    flushSync(() => setOpen(true));
    if (triggerRef.current) place(e.currentTarget, triggerRef.current);
  };
  const onToggle = (e: ToggleEvent<HTMLDivElement>) => {
    const isOpen = e.newState === 'open';
    setOpen(isOpen);
    stopWatching.current?.();
    stopWatching.current = null;
    const menu = e.currentTarget;
    if (!isOpen || !triggerRef.current) return;
    place(menu, triggerRef.current);
    // Content whose code is still on its way: the menu holds focus, and hands it to the
    // first item once one is there.
    const first = itemsOf(menu)[0];
    (first ?? menu).focus();
    const stopFollowing = followTrigger(menu, triggerRef.current);
    const stopWaiting = first ? null : focusFirstItemOnceThere(menu);
    stopWatching.current = () => {
      stopFollowing();
      stopWaiting?.();
    };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Tab leaves the menu: close it, and focus moves on from the trigger.
    if (e.key === 'Tab') return menuRef.current?.hidePopover();
    const next = NEXT_KEYS[e.key];
    if (!next) return;
    e.preventDefault();
    const items = itemsOf(menuRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[next(at, items.length)]?.focus();
  };
  const select = (item: MenuItem) => {
    menuRef.current?.hidePopover();
    item.onSelect();
  };
  return { menuId, triggerRef, menuRef, open, onBeforeToggle, onToggle, onKeyDown, select };
}

/**
 * A menu button on the native popover: the browser puts the menu in the top layer (no
 * clipping by the grid), closes it on Esc or an outside click and hands focus back to the
 * trigger. Arrow keys, Home and End move between items.
 */
export function MenuButton({ label, menuLabel, content, className, children }: MenuButtonProps) {
  const { menuId, triggerRef, menuRef, open, onBeforeToggle, onToggle, onKeyDown, select } =
    usePopoverMenu();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        title={label}
        className={className}
      >
        {children}
      </button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={menuLabel}
        tabIndex={-1}
        onBeforeToggle={onBeforeToggle}
        onToggle={onToggle}
        onKeyDown={onKeyDown}
        className="fixed inset-auto m-0 w-56 rounded-lg border border-zinc-700 bg-zinc-900 p-1 text-sm text-zinc-200 shadow-xl shadow-black/50"
      >
        {open ? content(select) : null}
      </div>
    </>
  );
}
