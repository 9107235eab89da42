import { useId, useState } from 'react';
import { parsePrompt } from '@/contract/prompt-flags';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import { Field, inputClass } from '@/web/components/ui/field';
import { DialogForm } from '@/web/components/ui/form-dialog';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { issueFor } from '@/web/jobs/utils/validate-params';
import { VIDEO_MOTION_OPTIONS, VIDEO_RESOLUTION_OPTIONS } from '@/web/jobs/utils/video-options';
import type { GridAction, Motion, VideoResolution } from '@/web/jobs/utils/grid-action';
import type { ActionFormProps } from './action-form';
import { actionCost, submitAction } from './action-form';

/** Animate: four short clips that start from one image. */
export function AnimateForm(props: ActionFormProps & { imageNo: number }) {
  const { job, imageNo, onDone } = props;
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const [resolution, setResolution] = useState<VideoResolution>('480p');
  const [motion, setMotion] = useState<Motion>('low');
  const [issues, setIssues] = useState<FieldIssues | null>(null);
  const action: GridAction = { kind: 'animate', imageNo, prompt, resolution, motion };

  return (
    <DialogForm
      submitLabel="Animate"
      onSubmit={() => setIssues(submitAction(props, action))}
      onCancel={onDone}
      cost={actionCost(job, action)}
    >
      <PromptField
        id={`${id}-prompt`}
        label="Motion prompt"
        hint="What moves and how, e.g. “waves crash, the camera drifts left”. Optional."
        error={issueFor(issues, 'prompt')}
        value={prompt}
        onChange={setPrompt}
      />
      <ChoiceRow label="Resolution">
        <SegmentedControl
          label="Resolution"
          options={VIDEO_RESOLUTION_OPTIONS}
          value={resolution}
          onChange={setResolution}
        />
      </ChoiceRow>
      <ChoiceRow label="Motion">
        <SegmentedControl
          label="Motion"
          options={VIDEO_MOTION_OPTIONS}
          value={motion}
          onChange={setMotion}
        />
      </ChoiceRow>
    </DialogForm>
  );
}

/** Extend: about four more seconds of one clip, led by a prompt. */
export function ExtendForm(props: ActionFormProps & { videoNo: number }) {
  const { job, videoNo, onDone } = props;
  const id = useId();
  const [prompt, setPrompt] = useState(() => parsePrompt(job.prompt).text.trim());
  const [issues, setIssues] = useState<FieldIssues | null>(null);
  const action: GridAction = { kind: 'extend', videoNo, prompt };

  return (
    <DialogForm
      submitLabel="Extend"
      onSubmit={() => setIssues(submitAction(props, action))}
      onCancel={onDone}
      cost={actionCost(job, action)}
    >
      <PromptField
        id={`${id}-prompt`}
        label="What happens next"
        hint="Each extension adds about 4 seconds, up to 4 times."
        error={issueFor(issues, 'prompt')}
        value={prompt}
        onChange={setPrompt}
      />
    </DialogForm>
  );
}

/** A labelled three-line prompt with its hint and error, as both video forms ask. */
function PromptField(props: {
  id: string;
  label: string;
  hint: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const { value, onChange, ...field } = props;
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}
