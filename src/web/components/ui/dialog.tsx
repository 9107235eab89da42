import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser provides the focus trap, Esc, the inert
 * page behind and the dialog role. A click on the backdrop (the dialog box itself, outside
 * its content) closes it.
 */
export function Dialog({ open, onClose, label, children, onKeyDown, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn('bg-transparent text-zinc-100 backdrop:bg-black/85', className)}
    >
      {open ? children : null}
    </dialog>
  );
}
