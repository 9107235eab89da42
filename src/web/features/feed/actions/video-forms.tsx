import { useId, useState } from 'react';
import { parsePrompt } from '@/contract/prompt-flags';
import { TextAreaField } from '@/web/components/ui/field';
import { DialogForm } from '@/web/components/ui/form-dialog';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { issueFor } from '@/web/jobs/utils/validate-params';
import type { GridAction, Motion, VideoResolution } from '@/web/jobs/utils/grid-action';
import type { ActionFormProps } from './action-form';
import { actionCost, submitAction } from './action-form';
import { VideoChoices } from './video-choices';

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
      <TextAreaField
        rows={3}
        id={`${id}-prompt`}
        label="Motion prompt"
        hint="What moves and how, e.g. “waves crash, the camera drifts left”. Optional."
        error={issueFor(issues, 'prompt')}
        value={prompt}
        onChange={setPrompt}
      />
      <VideoChoices
        resolution={resolution}
        onResolution={setResolution}
        motion={motion}
        onMotion={setMotion}
      />
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
      <TextAreaField
        rows={3}
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
