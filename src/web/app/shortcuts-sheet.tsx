import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button';
import { FormDialog } from '../components/ui/form-dialog';
import { isShortcutPress } from '../lib/keyboard';
import { routeHref } from './router';

const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['/'], what: 'Write a prompt' },
  { keys: ['1', '2', '3', '4'], what: 'On a grid: pick the image the keys act on' },
  { keys: ['U'], what: 'On a grid: upscale the picked image' },
  { keys: ['V'], what: 'On a grid: vary the picked image' },
  { keys: ['R'], what: 'On a grid: reroll' },
  { keys: ['Esc'], what: 'Close a dialog, a menu or the editor' },
  {
    keys: ['B', 'E', 'R', 'L', 'P'],
    what: 'In the editor: brush, eraser, rectangle, lasso, polygon',
  },
  { keys: ['V'], what: 'In the editor: move the image (Edit)' },
  { keys: ['Ctrl', 'Z'], what: 'In the editor: undo (with Shift: redo)' },
];

/** `/` writes a prompt: the prompt box, on the Create page if it is not shown. */
function focusPrompt(): void {
  const box = document.getElementById('prompt');
  if (box) return box.focus();
  window.location.hash = routeHref('create');
  // The page is loaded lazily; a few frames, then give up rather than poll forever.
  let tries = 30;
  const again = () => {
    const shown = document.getElementById('prompt');
    if (shown) shown.focus();
    else if (--tries > 0) requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}

/** Page-wide keys: `?` shows the shortcuts, `/` goes to the prompt. Never while typing. */
function useGlobalShortcuts(show: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcutPress(e)) return;
      if (e.key === '?') show();
      else if (e.key === '/') focusPrompt();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}

/** The list of keyboard shortcuts, opened with `?` or the header's button. */
export function ShortcutsSheet() {
  const [open, setOpen] = useState(false);
  useGlobalShortcuts(() => setOpen(true));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        className="grid size-8 place-items-center rounded-md text-sm font-semibold text-zinc-300 hover:bg-zinc-800 hover:text-zinc-100"
      >
        ?
      </button>
      <FormDialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
        <dl className="mt-4 space-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.what} className="flex items-baseline justify-between gap-4">
              <dt className="flex shrink-0 gap-1">
                {s.keys.map((k) => (
                  <kbd
                    key={k}
                    className="rounded border border-zinc-600 px-1.5 font-mono text-xs text-zinc-100"
                  >
                    {k}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-zinc-300">{s.what}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setOpen(false)}>Close</Button>
        </div>
      </FormDialog>
    </>
  );
}
