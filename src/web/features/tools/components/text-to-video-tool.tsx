import { useState } from 'react';
import type { VideoMotion } from '@/contract/prompt-flags';
import type { VideoResolution } from '@/contract/requests/choices';
import { TextAreaField } from '@/web/components/ui/field';
import { VideoChoices } from '@/web/features/feed';
import { issueFor } from '@/web/jobs/utils/validate-params';
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
      <TextAreaField
        id="video-prompt"
        label="Motion prompt"
        rows={2}
        placeholder="e.g. the camera slowly pushes in"
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
    </ToolCard>
  );
}
