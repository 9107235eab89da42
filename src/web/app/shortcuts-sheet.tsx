import { useEffect, useState } from 'react';
import { dispatchKey, type KeyHandlers } from '../lib/key-actions';
import { isShortcutPress } from '../lib/keyboard';
import { lazyComponent } from '../lib/lazy-component';
import { routeHref } from './router';

/** The list itself: a chunk of its own, fetched when the browser is first idle. */
const LazyShortcutsList = lazyComponent(
  () => import('./shortcuts-list').then((m) => m.ShortcutsList),
  { fallback: null },
);

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
    const keys: KeyHandlers<'page'> = { help: show, prompt: focusPrompt };
    const onKey = (e: KeyboardEvent) => {
      if (isShortcutPress(e)) dispatchKey('page', keys, e);
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
      {open ? <LazyShortcutsList.Component onClose={() => setOpen(false)} /> : null}
    </>
  );
}
