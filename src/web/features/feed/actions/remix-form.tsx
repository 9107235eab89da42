import { useId, useState } from 'react';
import { REMIX_MODE_LABELS, REMIX_MODES } from '@/contract/requests/choices';
import { DialogForm } from '@/web/components/ui/form-dialog';
import { TextAreaField } from '@/web/components/ui/field';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl, segmentOptions } from '@/web/components/ui/segmented-control';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { issueFor } from '@/web/jobs/utils/validate-params';
import type { GridAction, RemixMode } from '@/web/jobs/utils/grid-action';
import type { ActionFormProps } from './action-form';
import { actionCost, submitAction } from './action-form';
import { ChoiceRow } from '@/web/components/ui/choice-row';

export const REMIX_MODE_OPTIONS: SegmentOption<RemixMode>[] = segmentOptions(
  REMIX_MODES,
  REMIX_MODE_LABELS,
  { strong: 'Follow the new prompt closely', subtle: 'Stay close to the image' },
);

/** Remix: the same image with a changed prompt, strong or subtle. */
export function RemixForm(props: ActionFormProps & { imageNo: number }) {
  const { job, imageNo, onDone } = props;
  const id = useId();
  const [prompt, setPrompt] = useState(job.prompt);
  const [mode, setMode] = useState<RemixMode>('strong');
  const [issues, setIssues] = useState<FieldIssues | null>(null);
  const action: GridAction = { kind: 'remix', imageNo, prompt, mode };

  return (
    <DialogForm
      submitLabel="Remix"
      onSubmit={() => setIssues(submitAction(props, action))}
      onCancel={onDone}
      cost={actionCost(job, action)}
    >
      <TextAreaField
        id={`${id}-prompt`}
        label="Remix prompt"
        rows={4}
        error={issueFor(issues, 'remixPrompt')}
        value={prompt}
        onChange={setPrompt}
      />
      <ChoiceRow label="Strength">
        <SegmentedControl
          label="Remix strength"
          options={REMIX_MODE_OPTIONS}
          value={mode}
          onChange={setMode}
        />
      </ChoiceRow>
    </DialogForm>
  );
}
