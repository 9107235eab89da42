import { useId, useState } from 'react';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import { Field, inputClass } from '@/web/components/ui/field';
import { DialogForm } from '@/web/components/ui/form-dialog';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { issueFor } from '@/web/jobs/utils/validate-params';
import type { GridAction, PanDirection } from '@/web/jobs/utils/grid-action';
import { PAN_SCALE, ZOOM_SCALE } from '@/web/jobs/utils/grid-action';
import type { ActionFormProps } from './action-form';
import { actionCost, submitAction } from './action-form';

const DIRECTIONS: SegmentOption<PanDirection>[] = [
  { value: 'left', label: '← Left' },
  { value: 'up', label: '↑ Up' },
  { value: 'right', label: '→ Right' },
  { value: 'down', label: '↓ Down' },
];

interface ExpandFormProps extends ActionFormProps {
  imageNo: number;
  kind: 'zoom' | 'pan';
}

/** Zoom out or pan by a chosen factor, optionally with a new prompt for the new area. */
export function ExpandForm(props: ExpandFormProps) {
  const { job, imageNo, kind, onDone } = props;
  const id = useId();
  const range = kind === 'zoom' ? ZOOM_SCALE : PAN_SCALE;
  const [scale, setScale] = useState(String(range.default));
  const [direction, setDirection] = useState<PanDirection>('left');
  const [prompt, setPrompt] = useState('');
  const [issues, setIssues] = useState<FieldIssues | null>(null);
  const value = Number(scale);
  const action: GridAction =
    kind === 'zoom'
      ? { kind, imageNo, scale: value, prompt }
      : { kind, imageNo, direction, scale: value, prompt };

  const submit = () => {
    // The builder keeps a scale in range; a typed value out of range is the person's to fix.
    const inRange = scale.trim() !== '' && value >= range.min && value <= range.max;
    if (!inRange) {
      setIssues({ scale: [`must be a number between ${range.min} and ${range.max}`] });
      return;
    }
    setIssues(submitAction(props, action));
  };

  return (
    <DialogForm
      submitLabel={kind === 'zoom' ? 'Zoom out' : 'Pan'}
      onSubmit={submit}
      onCancel={onDone}
      cost={actionCost(job, action)}
    >
      {kind === 'pan' ? (
        <ChoiceRow label="Direction">
          <SegmentedControl
            label="Pan direction"
            options={DIRECTIONS}
            value={direction}
            onChange={setDirection}
          />
        </ChoiceRow>
      ) : null}
      <ScaleField
        id={`${id}-scale`}
        label={kind === 'zoom' ? 'Zoom factor' : 'Pan factor'}
        range={range}
        value={scale}
        onChange={setScale}
        error={issueFor(issues, 'scale')}
      />
      <Field
        id={`${id}-prompt`}
        label="Prompt for the new area (optional)"
        hint="Leave empty to keep the image's prompt."
        error={issueFor(issues, 'remixPrompt')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
    </DialogForm>
  );
}

interface ScaleFieldProps {
  id: string;
  label: string;
  range: { min: number; max: number; default: number };
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** A number field for the factor, with a slider beside it for the mouse. */
function ScaleField({ id, label, range, value, onChange, error }: ScaleFieldProps) {
  const n = Number(value);
  return (
    <Field id={id} label={label} hint={`From ${range.min}× to ${range.max}×`} error={error}>
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            type="range"
            min={range.min}
            max={range.max}
            step={0.1}
            value={Number.isFinite(n) ? n : range.default}
            onChange={(e) => onChange(e.target.value)}
            aria-hidden="true"
            tabIndex={-1}
            className="flex-1 accent-indigo-500"
          />
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={range.min}
            max={range.max}
            step={0.1}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={`${inputClass} w-20 tabular-nums`}
          />
        </div>
      )}
    </Field>
  );
}
