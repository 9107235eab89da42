import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { rememberFocus, wrapTab } from '@/web/lib/focus-trap';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser provides Esc, the inert page behind and the
 * dialog role; Tab is kept inside (the browser would pass it to its own address bar) and
 * focus returns to the opener. A click on the backdrop (the dialog box itself, outside
 * its content) closes it.
 */
export function Dialog({ open, onClose, label, children, onKeyDown, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // The browser gives focus back on close too, but not when the opener was a menu item
    // whose menu has closed since; what was focused before showing is what gets it back.
    const restore = rememberFocus();
    if (!dialog.open) dialog.showModal();
    // React focuses an `autoFocus` control as it mounts, before the dialog shows, and the
    // browser then focuses the first control: one marked so takes focus back (a confirm).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      restore();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      onClose={onClose}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        wrapTab(e, e.currentTarget);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn('bg-transparent text-zinc-100 backdrop:bg-black/85', className)}
    >
      {open ? children : null}
    </dialog>
  );
}
