import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flagsOf, type Preset } from '@/contract/presets';
import { Button } from '@/web/components/ui/button';
import { Field, inputClass } from '@/web/components/ui/field';
import { DialogForm, FormDialog } from '@/web/components/ui/form-dialog';
import { describeError } from '@/web/lib/describe-error';
import { presetMutations, presetsQuery } from '../api/presets';
import type { PresetDialog } from './preset-items';
import { promptStore } from '../stores/prompt-store';

const Refusal = ({ error }: { error: unknown }) =>
  error ? (
    <p role="alert" className="text-sm text-red-300">
      {describeError(error).title}
    </p>
  ) : null;

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The dialog the Presets menu opened. */
export function PresetDialogs({ dialog, onClose }: { dialog: PresetDialog; onClose: () => void }) {
  const presets = useQuery(presetsQuery());
  return dialog === 'save' ? (
    <SavePresetDialog open onClose={onClose} />
  ) : (
    <ManagePresetsDialog open onClose={onClose} presets={presets.data ?? []} />
  );
}

/** Saves the prompt's flags (editable) and an optional suffix under a name. */
function SavePresetDialog({ open, onClose }: DialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title="Save flags as a preset">
      <SaveForm onClose={onClose} />
    </FormDialog>
  );
}

function SaveForm({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const save = useMutation(presetMutations.save(client));
  const [name, setName] = useState('');
  const [flags, setFlags] = useState(() => flagsOf(promptStore.getState().prompt));
  const [suffix, setSuffix] = useState('');
  const submit = () => save.mutate({ name, flags, suffix }, { onSuccess: onClose });
  return (
    <DialogForm submitLabel="Save preset" onSubmit={submit} onCancel={onClose}>
      <TextField
        id="preset-name"
        label="Name"
        hint="1 to 60 characters"
        value={name}
        onChange={setName}
      />
      <TextField
        id="preset-flags"
        label="Flags"
        hint="Replace the prompt's flags when applied"
        value={flags}
        onChange={setFlags}
        mono
      />
      <TextField
        id="preset-suffix"
        label="Suffix"
        hint="Added after the prompt's words (optional)"
        value={suffix}
        onChange={setSuffix}
      />
      <Refusal error={save.error} />
    </DialogForm>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  mono?: boolean;
}

function TextField({ id, label, hint, value, onChange, mono }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={mono ? `${inputClass} font-mono` : inputClass}
        />
      )}
    </Field>
  );
}

/** Every preset of the person's: renamed in place, or deleted. */
function ManagePresetsDialog({ open, onClose, presets }: DialogProps & { presets: Preset[] }) {
  return (
    <FormDialog open={open} onClose={onClose} title="Manage presets">
      <ul aria-label="Your presets" className="mt-4 space-y-3">
        {presets.map((p) => (
          <PresetRow key={p.id} preset={p} />
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Done
        </Button>
      </div>
    </FormDialog>
  );
}

function PresetRow({ preset }: { preset: Preset }) {
  const client = useQueryClient();
  const change = useMutation(presetMutations.change(client));
  const remove = useMutation(presetMutations.remove(client));
  const [name, setName] = useState(preset.name);
  return (
    <li className="space-y-1.5">
      <form
        aria-label={preset.name}
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          change.mutate({ id: preset.id, change: { name } });
        }}
      >
        <input
          aria-label={`Name of ${preset.name}`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" size="sm" disabled={name.trim() === preset.name}>
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${preset.name}`}
          onClick={() => remove.mutate(preset.id)}
        >
          Delete
        </Button>
      </form>
      <p className="truncate font-mono text-[11px] text-zinc-500">
        {[preset.suffix, preset.flags].filter(Boolean).join(' ')}
      </p>
      <Refusal error={change.error ?? remove.error} />
    </li>
  );
}
