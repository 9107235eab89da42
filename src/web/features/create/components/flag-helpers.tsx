import { FLAG_RANGES, type NumberFlagName } from '@/contract/prompt-flags';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';
import type { ValueFlag } from '../stores/prompt-edits';
import { ASPECT_CHOICES, VERSION_CHOICES, promptState } from '../stores/prompt-edits';
import { usePromptActions } from '../stores/prompt-store';

export const fieldClass =
  'h-7 rounded-md border border-zinc-700 bg-zinc-800 px-2 text-xs text-zinc-100 hover:border-zinc-600';

/** Helpers that write --flags into the prompt; the prompt text stays the only truth. */
export function FlagHelpers({ prompt }: { prompt: string }) {
  const state = promptState(prompt);
  const { versionChosen, flagValueChanged, turboToggled } = usePromptActions();
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
      <AspectChips current={state.aspect} />
      <label className="flex items-center gap-1.5 text-xs text-zinc-400">
        Version
        <select
          value={state.version}
          onChange={(e) => versionChosen(e.target.value)}
          className={fieldClass}
        >
          <option value="">Default</option>
          {VERSION_CHOICES.map((v) => (
            <option key={v} value={v}>
              v{v}
            </option>
          ))}
        </select>
      </label>
      <NumberFlag
        label="Stylize"
        name="stylize"
        value={state.stylize}
        onChange={flagValueChanged}
      />
      <NumberFlag label="Chaos" name="chaos" value={state.chaos} onChange={flagValueChanged} />
      <Switch
        label="Turbo"
        checked={state.turbo}
        onChange={turboToggled}
        title="Turbo mode: faster, double cost"
      />
    </div>
  );
}

function AspectChips({ current }: { current: string | null }) {
  const { aspectChosen } = usePromptActions();
  return (
    <div role="group" aria-label="Aspect ratio" className="flex items-center gap-1">
      {ASPECT_CHOICES.map((ratio) => (
        <button
          key={ratio}
          type="button"
          aria-pressed={current === ratio}
          onClick={() => aspectChosen(ratio)}
          className={cn(
            'h-7 rounded-md px-2 font-mono text-xs transition-colors',
            current === ratio
              ? 'bg-indigo-500/20 text-indigo-200 ring-1 ring-indigo-400/60 ring-inset'
              : 'text-zinc-400 hover:bg-zinc-800 hover:text-zinc-200',
          )}
        >
          {ratio}
        </button>
      ))}
    </div>
  );
}

/** The number flags the prompt box has an input for. */
type NumberInputFlag = ValueFlag & NumberFlagName;

/** An input's bounds: the flag's range in the contract. */
const numberInputRange = (name: NumberInputFlag) => {
  const { min, max, step } = FLAG_RANGES[name];
  return { min, max, step };
};

interface NumberFlagProps {
  label: string;
  name: NumberInputFlag;
  value: string;
  onChange: (name: ValueFlag, value: string) => void;
  width?: string;
}

export function NumberFlag({ label, name, value, onChange, width = 'w-16' }: NumberFlagProps) {
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-400">
      {label}
      <input
        type="number"
        inputMode="numeric"
        {...numberInputRange(name)}
        placeholder="–"
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
        className={cn(fieldClass, width, 'tabular-nums')}
      />
    </label>
  );
}
