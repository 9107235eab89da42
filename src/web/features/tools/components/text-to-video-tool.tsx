import { useState } from 'react';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import { Field, inputClass } from '@/web/components/ui/field';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { issueFor } from '@/web/jobs/utils/validate-params';
import { useToolCheck } from '../hooks/use-tool-check';
import type { VideoResolution } from '../utils/tool-params';
import { textToVideoCreate } from '../utils/tool-params';
import { ImageSource } from './image-source';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';

const RESOLUTIONS: SegmentOption<VideoResolution>[] = [
  { value: '480p', label: '480p' },
  { value: '720p', label: '720p', title: 'Sharper, about three times the cost' },
];
const MOTIONS: SegmentOption<'low' | 'high'>[] = [
  { value: 'low', label: 'Low' },
  { value: 'high', label: 'High' },
];

/** Text to video: four short clips from a start image and a motion prompt. */
export function TextToVideoTool(props: ToolFormProps) {
  const [url, setUrl] = useState('');
  const [prompt, setPrompt] = useState('');
  const [resolution, setResolution] = useState<VideoResolution>('480p');
  const [motion, setMotion] = useState<'low' | 'high'>('low');
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
            options={RESOLUTIONS}
            value={resolution}
            onChange={setResolution}
          />
        </ChoiceRow>
        <ChoiceRow label="Motion">
          <SegmentedControl
            label="Video motion"
            options={MOTIONS}
            value={motion}
            onChange={setMotion}
          />
        </ChoiceRow>
      </div>
    </ToolCard>
  );
}
