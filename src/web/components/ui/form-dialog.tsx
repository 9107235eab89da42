import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Heading and accessible name, e.g. "Remix image 2". */
  title: string;
  /** The form; rendered only while open, so each opening starts fresh. */
  children: ReactNode;
}

/**
 * A small modal panel for a form. It stays mounted and only opens and closes, so the
 * browser hands focus back to whatever opened it. Below the `md` breakpoint it is a sheet
 * along the bottom of the screen, the full width, within thumb's reach.
 */
export function FormDialog({ open, onClose, title, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      label={title}
      className="m-auto p-0 max-md:mb-0 max-md:w-full max-md:max-w-none"
    >
      <div className="max-h-[85dvh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-zinc-700 bg-zinc-900 p-5 shadow-2xl shadow-black/60 max-md:w-full max-md:rounded-b-none max-md:border-x-0 max-md:border-b-0">
        <h2 className="text-base font-semibold text-zinc-100">{title}</h2>
        {children}
      </div>
    </Dialog>
  );
}

interface DialogFormProps {
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** "≈ 120 credits", beside the buttons. */
  cost?: string;
  /** Focus on the submit button rather than the first field: a confirmation. */
  submitAutoFocus?: boolean;
  children: ReactNode;
}

/** Fields, then Cancel and the submit button. Enter submits, Esc cancels. */
export function DialogForm({
  submitLabel,
  onSubmit,
  onCancel,
  cost,
  submitAutoFocus,
  children,
}: DialogFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Its own: a dialog opened from inside another form does not submit that one too.
    e.stopPropagation();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {children}
      <div className="flex items-center justify-end gap-2 pt-1">
        {cost ? <span className="mr-auto text-xs text-zinc-500">{cost}</span> : null}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" data-autofocus={submitAutoFocus || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
