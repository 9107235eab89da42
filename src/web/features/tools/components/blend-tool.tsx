import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { issueFor } from '@/web/lib/validate-params';
import { useToolCheck } from '../hooks/use-tool-check';
import type { BlendAspect } from '../utils/tool-params';
import { blendCreate } from '../utils/tool-params';
import { ImageSource } from './image-source';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';

const MIN_IMAGES = 2;
const MAX_IMAGES = 5;
const ASPECTS: SegmentOption<BlendAspect>[] = [
  { value: '2:3', label: '2:3' },
  { value: '1:1', label: '1:1' },
  { value: '3:2', label: '3:2' },
];

/** Blend: two to five images combined into one composition. */
export function BlendTool(props: ToolFormProps) {
  const [urls, setUrls] = useState<string[]>(['', '']);
  const [aspect, setAspect] = useState<BlendAspect>('1:1');
  const check = blendCreate(urls, aspect);
  const { issues, onSubmit } = useToolCheck(check, props.submit);
  const setUrl = (i: number, url: string) => setUrls(urls.map((u, j) => (j === i ? url : u)));

  return (
    <ToolCard
      {...props}
      id="tool-blend"
      title="Blend"
      description="Two to five images combined into one."
      submitLabel="Blend"
      body={check.body}
      onSubmit={onSubmit}
    >
      {urls.map((url, i) => (
        <div key={i} className="flex items-start gap-2">
          <ImageSource
            id={`blend-url-${i}`}
            label={`Image ${i + 1} URL`}
            value={url}
            onChange={(u) => setUrl(i, u)}
            error={issueFor(issues, `imgUrls[${i}]`)}
            uploadLabel={`Upload image ${i + 1}`}
            className="min-w-0 flex-1"
          />
          {urls.length > MIN_IMAGES ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove image ${i + 1}`}
              onClick={() => setUrls(urls.filter((_, j) => j !== i))}
              className="mt-6"
            >
              ✕
            </Button>
          ) : null}
        </div>
      ))}
      {issueFor(issues, 'imgUrls') ? (
        <p className="text-xs text-red-300">Images: {issueFor(issues, 'imgUrls')}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {urls.length < MAX_IMAGES ? (
          <Button size="sm" onClick={() => setUrls([...urls, ''])}>
            Add image
          </Button>
        ) : (
          <span className="text-xs text-zinc-500">Up to {MAX_IMAGES} images</span>
        )}
        <ChoiceRow label="Aspect ratio">
          <SegmentedControl
            label="Blend aspect ratio"
            options={ASPECTS}
            value={aspect}
            onChange={setAspect}
          />
        </ChoiceRow>
      </div>
    </ToolCard>
  );
}
