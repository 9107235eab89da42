import { useEffect, useState } from 'react';
import { BLEND_ASPECT_RATIOS, BLEND_IMAGES, type BlendAspect } from '@/contract/requests/blend';
import { Button } from '@/web/components/ui/button';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { SegmentedControl, segmentOptions } from '@/web/components/ui/segmented-control';
import { issueFor } from '@/web/jobs/utils/validate-params';
import { useToolCheck } from '../hooks/use-tool-check';
import { blendInputsStore, useHandedImages } from '../stores/blend-inputs';
import { blendCreate } from '../utils/tool-params';
import { ImageSource } from './image-source';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';

const { min: MIN_IMAGES, max: MAX_IMAGES } = BLEND_IMAGES;
export const ASPECT_OPTIONS: SegmentOption<BlendAspect>[] = segmentOptions(BLEND_ASPECT_RATIOS);

/** Handed images as the inputs: at most five, and empty fields up to the two needed. */
function handedUrls(handed: readonly string[]): string[] {
  const urls = handed.slice(0, MAX_IMAGES);
  while (urls.length < MIN_IMAGES) urls.push('');
  return urls;
}

/**
 * Images handed over from elsewhere (the library's "Blend") become the inputs; focus goes
 * to the next image to add, or to Blend when there are enough.
 */
function useHandover(setUrls: (urls: string[]) => void) {
  const handed = useHandedImages();
  const [taken, setTaken] = useState<readonly string[] | null>(null);
  if (handed !== null && handed !== taken) {
    setTaken(handed);
    setUrls(handedUrls(handed));
  }
  useEffect(() => {
    if (handed === null) return;
    blendInputsStore.getState().actions.handoverTaken();
    const empty = handedUrls(handed).indexOf('');
    const form = document.getElementById('tool-blend-heading')?.closest('section');
    const target =
      empty >= 0
        ? document.getElementById(`blend-url-${empty}`)
        : form?.querySelector<HTMLElement>('button[type="submit"]');
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [handed]);
}

/** Blend: two to five images combined into one composition. */
export function BlendTool(props: ToolFormProps) {
  const [urls, setUrls] = useState<string[]>(['', '']);
  useHandover(setUrls);
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
            options={ASPECT_OPTIONS}
            value={aspect}
            onChange={setAspect}
          />
        </ChoiceRow>
      </div>
    </ToolCard>
  );
}
