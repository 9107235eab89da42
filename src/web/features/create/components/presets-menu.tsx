import { useState } from 'react';
import { createPortal } from 'react-dom';
import { MenuButton } from '@/web/components/ui/menu';
import { lazyComponent } from '@/web/lib/lazy-component';
import type { PresetDialog } from './preset-items';
import { toggleClass } from './toggle-class';

/** The menu's items and the dialogs: chunks of their own, with the presets' schemas. */
const LazyItems = lazyComponent(() => import('./preset-items').then((m) => m.PresetItems), {
  fallback: <p className="px-2 py-1.5 text-zinc-500">Loading presets…</p>,
});
const LazyDialogs = lazyComponent(() => import('./preset-dialogs').then((m) => m.PresetDialogs), {
  fallback: null,
});

/** Presets beside the prompt box: apply one in a click, save the current flags, manage them. */
export function PresetsMenu() {
  const [dialog, setDialog] = useState<PresetDialog | null>(null);
  return (
    <>
      <MenuButton
        label="Presets"
        menuLabel="Presets"
        className={toggleClass}
        content={(select) => <LazyItems.Component select={select} open={setDialog} />}
      >
        Presets
      </MenuButton>
      {/* Out of the prompt box's form: each dialog holds forms of its own. */}
      {dialog
        ? createPortal(
            <LazyDialogs.Component dialog={dialog} onClose={() => setDialog(null)} />,
            document.body,
          )
        : null}
    </>
  );
}
