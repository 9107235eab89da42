import { Button } from '../components/ui/button';
import { FormDialog } from '../components/ui/form-dialog';

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

/** The keyboard shortcuts, in a dialog (the header's `?` button or the `?` key opens it). */
export function ShortcutsList({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog open onClose={onClose} title="Keyboard shortcuts">
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
        <Button onClick={onClose}>Close</Button>
      </div>
    </FormDialog>
  );
}
