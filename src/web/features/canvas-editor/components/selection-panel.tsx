import { Button } from '@/web/components/ui/button';
import { keyCaps, keyOf } from '@/web/lib/key-actions';
import { useEditorStore } from '../model/editor-store';
import type { WandMode } from '../model/view-store';
import { SELECT_PX_MAX, useViewStore } from '../model/view-store';
import { ModeGroup } from './mode-group';
import { selectionRequested } from './selections';

const WAND_MODES: readonly { id: WandMode; label: string; hint: string }[] = [
  { id: 'replace', label: 'New', hint: 'A click replaces the mask' },
  { id: 'add', label: 'Add', hint: 'A click adds to the mask (or hold Shift)' },
  { id: 'subtract', label: 'Subtract', hint: 'A click cuts out of the mask (or hold Alt)' },
];

/** What a wand click does: on a phone, where there is no Shift or Alt to hold. */
export function WandModePicker() {
  const mode = useViewStore((s) => s.wandMode);
  const changed = useViewStore((s) => s.wandModeChanged);
  return <ModeGroup label="Wand mode" modes={WAND_MODES} value={mode} onChange={changed} />;
}

const STEPS = [
  { kind: 'grow', label: 'Grow', action: 'editor.grow' },
  { kind: 'shrink', label: 'Shrink', action: 'editor.shrink' },
  { kind: 'feather', label: 'Feather', action: 'editor.feather' },
] as const;

/** The wand's settings, and Grow, Shrink and Feather of the whole mask. */
export function SelectionControls() {
  const view = useViewStore();
  const empty = useEditorStore((s) => !s.doc || (s.doc.ops.length === 0 && !s.doc.base));
  return (
    <section aria-label="Selection" className="flex flex-col gap-2 text-xs">
      <h3 className="font-medium text-zinc-400">Magic wand</h3>
      <label className="flex items-center gap-2">
        Tolerance
        <input
          type="range"
          min={0}
          max={255}
          value={view.wand.tolerance}
          onChange={(e) => view.wandChanged({ tolerance: Number(e.target.value) })}
          aria-label="Wand tolerance"
        />
        <output>{view.wand.tolerance}</output>
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={view.wand.contiguous}
          onChange={(e) => view.wandChanged({ contiguous: e.target.checked })}
        />
        Contiguous (off: every similar pixel in the image)
      </label>
      <label className="flex items-center gap-2">
        Sample
        <select
          value={view.wand.sample}
          onChange={(e) => view.wandChanged({ sample: e.target.value as 'image' | 'shown' })}
          className="rounded bg-zinc-900 px-1 ring-1 ring-zinc-700"
        >
          <option value="image">The image</option>
          <option value="shown">As shown, with the mask</option>
        </select>
      </label>
      <h3 className="font-medium text-zinc-400">Whole mask</h3>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          By
          <input
            type="number"
            min={1}
            max={SELECT_PX_MAX}
            value={view.selectPx}
            onChange={(e) => view.selectPxChanged(Number(e.target.value))}
            aria-label="Pixels to grow, shrink or feather by"
            className="w-14 rounded bg-zinc-900 px-1 ring-1 ring-zinc-700"
          />
          px
        </label>
        {STEPS.map((s) => (
          <Button
            key={s.kind}
            size="sm"
            disabled={empty}
            aria-keyshortcuts={keyOf(s.action)}
            title={`${s.label} (${keyCaps(keyOf(s.action)).join('+')})`}
            onClick={() => selectionRequested({ kind: s.kind, px: view.selectPx })}
          >
            {s.label}
          </Button>
        ))}
      </div>
      {view.selecting ? (
        <p role="status" className="text-zinc-400">
          Selecting…
        </p>
      ) : null}
    </section>
  );
}
