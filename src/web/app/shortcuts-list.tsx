import { Button } from '../components/ui/button';
import { FormDialog } from '../components/ui/form-dialog';
import { KEY_ACTIONS, KEY_SCOPES, keyCaps } from '../lib/key-actions';

/** The keyboard shortcuts, in a dialog (the header's `?` button or the `?` key opens it). */
export function ShortcutsList({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog open onClose={onClose} title="Keyboard shortcuts">
      {KEY_SCOPES.map(({ scope, title }) => (
        <section key={scope} aria-labelledby={`keys-${scope}`} className="mt-4">
          <h3 id={`keys-${scope}`} className="text-xs font-medium text-zinc-400 uppercase">
            {title}
          </h3>
          <dl className="mt-2 space-y-2 text-sm">
            {KEY_ACTIONS.filter((a) => a.scope === scope).map((a) => (
              <div key={a.id} className="flex items-baseline justify-between gap-4">
                <dt className="flex shrink-0 flex-wrap gap-1">
                  {a.keys.map((key) => (
                    <KeyCaps key={key} keyName={key} />
                  ))}
                </dt>
                <dd className="text-right text-zinc-300">{a.label}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </FormDialog>
  );
}

/** One key as it is pressed: `Ctrl` `Shift` `Z`, each cap on its own. */
function KeyCaps({ keyName }: { keyName: string }) {
  return (
    <span className="flex gap-0.5" data-key={keyName}>
      {keyCaps(keyName).map((cap) => (
        <kbd
          key={cap}
          className="rounded border border-zinc-600 px-1.5 font-mono text-xs text-zinc-100"
        >
          {cap}
        </kbd>
      ))}
    </span>
  );
}
