import { useQuery } from '@tanstack/react-query';
import { applyPreset, type Preset } from '@/contract/presets';
import type { MenuItem, MenuSection } from '@/web/components/ui/menu';
import { MenuSections } from '@/web/components/ui/menu-sections';
import { describeError } from '@/web/lib/describe-error';
import { presetsQuery } from '../api/presets';
import { promptStore } from '../stores/prompt-store';

export type PresetDialog = 'save' | 'manage';

/**
 * The prompt text with `next` in its place as one edit the browser can undo (Ctrl+Z puts
 * back the prompt from before): typed into the field, as a paste would be. Where the
 * browser cannot, the text is set directly.
 */
function replacePrompt(next: string): void {
  const field = document.getElementById('prompt');
  if (field instanceof HTMLTextAreaElement) {
    field.focus();
    field.select();
    if (document.execCommand('insertText', false, next)) return;
  }
  promptStore.getState().actions.promptChanged(next);
}

/** Applies a preset to the prompt: its flags in place of the prompt's, its suffix added. */
const applyToPrompt = (preset: Preset): void =>
  replacePrompt(applyPreset(promptStore.getState().prompt, preset));

function menuSections(
  presets: Preset[] | undefined,
  error: unknown,
  open: (dialog: PresetDialog) => void,
): MenuSection[] {
  const status = error
    ? `Could not load presets: ${describeError(error).title}`
    : presets === undefined
      ? 'Loading presets…'
      : presets.length === 0
        ? 'No presets yet'
        : null;
  const apply = (presets ?? []).map((p) => ({
    id: p.id,
    ariaLabel: `Apply ${p.name}`,
    label: (
      <span className="block min-w-0">
        <span className="block truncate">{p.name}</span>
        <span className="block truncate text-[11px] text-zinc-500">
          {[p.suffix, p.flags].filter(Boolean).join(' ')}
        </span>
      </span>
    ),
    onSelect: () => applyToPrompt(p),
  }));
  const more = [
    { id: 'save', label: 'Save current flags as preset…', onSelect: () => open('save') },
    ...(presets?.length
      ? [{ id: 'manage', label: 'Manage presets…', onSelect: () => open('manage') }]
      : []),
  ];
  return [
    { id: 'apply', heading: status ?? 'Apply', items: apply },
    { id: 'more', items: more },
  ];
}

interface PresetItemsProps {
  select: (item: MenuItem) => void;
  open: (dialog: PresetDialog) => void;
}

/** The Presets menu's items: one per preset, then saving and managing them. */
export function PresetItems({ select, open }: PresetItemsProps) {
  const presets = useQuery(presetsQuery());
  return (
    <MenuSections sections={menuSections(presets.data, presets.error, open)} onSelect={select} />
  );
}
