import { useState } from 'react';
import type { VideoMotion } from '@/contract/prompt-flags';
import type { VideoResolution } from '@/contract/requests/video-diffusion';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import { Field, inputClass } from '@/web/components/ui/field';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { issueFor } from '@/web/jobs/utils/validate-params';
import { VIDEO_MOTION_OPTIONS, VIDEO_RESOLUTION_OPTIONS } from '@/web/jobs/utils/video-options';
import { useToolCheck } from '../hooks/use-tool-check';
import { textToVideoCreate } from '../utils/tool-params';
import { ImageSource } from './image-source';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';

/** Text to video: four short clips from a start image and a motion prompt. */
export function TextToVideoTool(props: ToolFormProps) {
  const [url, setUrl] = useState('');
  const [prompt, setPrompt] = useState('');
  const [resolution, setResolution] = useState<VideoResolution>('480p');
  const [motion, setMotion] = useState<VideoMotion>('low');
  const check = textToVideoCreate(url, prompt, resolution, motion);
  const { issues, onSubmit } = useToolCheck(check, props.submit);

  return (
    <ToolCard
      {...props}
      id="tool-video"
      title="Text to video"
      description="Four 5-second clips that start from an image."
      submitLabel="Create video"
      body={check.body}
      onSubmit={onSubmit}
    >
      <ImageSource
        id="video-url"
        label="Start image URL"
        value={url}
        onChange={setUrl}
        error={issueFor(issues, 'imgUrl')}
      />
      <Field id="video-prompt" label="Motion prompt" error={issueFor(issues, 'prompt')}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            placeholder="e.g. the camera slowly pushes in"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <ChoiceRow label="Resolution">
          <SegmentedControl
            label="Video resolution"
            options={VIDEO_RESOLUTION_OPTIONS}
            value={resolution}
            onChange={setResolution}
          />
        </ChoiceRow>
        <ChoiceRow label="Motion">
          <SegmentedControl
            label="Video motion"
            options={VIDEO_MOTION_OPTIONS}
            value={motion}
            onChange={setMotion}
          />
        </ChoiceRow>
      </div>
    </ToolCard>
  );
}
