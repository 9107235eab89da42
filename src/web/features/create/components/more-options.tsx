import { useId, useState } from 'react';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';
import type { PromptState } from '../stores/prompt-edits';
import { NIJI_CHOICES, QUALITY_CHOICES } from '../stores/prompt-edits';
import { usePromptActions } from '../stores/prompt-store';
import { NumberFlag, fieldClass } from './flag-helpers';

/** Lists the current value too when it was typed in a form the menu does not offer. */
const withCurrent = (choices: readonly string[], current: string): string[] =>
  current === '' || choices.includes(current) ? [...choices] : [...choices, current];

/**
 * The rarer flags: seed, weird, quality, raw style, exclusions, tile, draft and niji. Like
 * the main helpers they only edit the prompt text, which stays the single source of truth.
 */
interface MoreOptionsProps {
  id: string;
  state: PromptState;
}

export function MoreOptions({ id, state }: MoreOptionsProps) {
  const { flagValueChanged, switchToggled, styleRawToggled } = usePromptActions();
  return (
    <div
      id={id}
      role="group"
      aria-label="More options"
      className="flex flex-wrap items-center gap-x-5 gap-y-3 border-t border-zinc-800 px-3 py-3"
    >
      <NumberFlag
        label="Seed"
        name="seed"
        value={state.seed}
        onChange={flagValueChanged}
        width="w-28"
      />
      <NumberFlag label="Weird" name="weird" value={state.weird} onChange={flagValueChanged} />
      <FlagSelect
        label="Quality"
        value={state.quality}
        choices={QUALITY_CHOICES}
        none="Default"
        onChange={(v) => flagValueChanged('q', v)}
      />
      <FlagSelect
        label="Niji"
        value={state.niji}
        choices={NIJI_CHOICES}
        none="Off"
        optionLabel={(n) => `niji ${n}`}
        onChange={(v) => flagValueChanged('niji', v)}
      />
      <ExcludeField value={state.no} onChange={(v) => flagValueChanged('no', v)} />
      <Switch
        label="Raw style"
        checked={state.styleRaw}
        onChange={styleRawToggled}
        title="--style raw: less of the model's own look"
      />
      <Switch
        label="Tile"
        checked={state.tile}
        onChange={(on) => switchToggled('tile', on)}
        title="--tile: a seamless repeating pattern"
      />
      <DraftSwitch
        on={state.draft}
        allowed={state.draftAllowed}
        onChange={(on) => switchToggled('draft', on)}
      />
    </div>
  );
}

interface FlagSelectProps {
  label: string;
  value: string;
  choices: readonly string[];
  /** The first option, which removes the flag. */
  none: string;
  optionLabel?: (value: string) => string;
  onChange: (value: string) => void;
}

function FlagSelect({ label, value, choices, none, optionLabel, onChange }: FlagSelectProps) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-400">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
        <option value="">{none}</option>
        {withCurrent(choices, value).map((v) => (
          <option key={v} value={v}>
            {optionLabel ? optionLabel(v) : v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `--draft` works only with `--v 7`: off and without it, the switch is disabled and says so. */
function DraftSwitch(props: { on: boolean; allowed: boolean; onChange: (on: boolean) => void }) {
  const { on, allowed, onChange } = props;
  const noteId = useId();
  return (
    <span className="flex items-center gap-2">
      <Switch
        label="Draft"
        checked={on}
        onChange={onChange}
        // Once on it can always be switched off, even after --v 7 went away.
        disabled={!on && !allowed}
        describedBy={noteId}
        title="--draft: a fast, half-price batch of small images"
      />
      <span
        id={noteId}
        className={cn('text-[11px]', allowed ? 'text-zinc-500' : 'text-amber-300/80')}
      >
        {allowed ? 'Half price, small images' : 'Needs version 7 (--v 7)'}
      </span>
    </span>
  );
}

/**
 * `--no` takes words, and the prompt keeps values trimmed: the field keeps what is being
 * typed (a trailing space included) as long as it still says the same as the prompt.
 */
function ExcludeField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [typed, setTyped] = useState(value);
  const shown = typed.trim() === value ? typed : value;
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-400">
      Exclude
      <input
        type="text"
        value={shown}
        placeholder="e.g. text, people"
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(e.target.value);
        }}
        className={cn(fieldClass, 'w-40')}
      />
    </label>
  );
}
