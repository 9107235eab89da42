import { describe, expect, it } from 'vitest';
import { getFlag, parsePrompt, VIDEO_MOTIONS, type VideoMotion } from '@/contract/prompt-flags';
import { BLEND_ASPECT_RATIOS } from '@/contract/requests/blend';
import { VIDEO_RESOLUTIONS, type VideoResolution } from '@/contract/requests/choices';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { blendCreate, textToVideoCreate, type ToolCheck } from '../utils/tool-params';
import { ASPECT_OPTIONS } from './blend-tool';

/*
 * The choices the tools offer are the contract's value lists, in its order and with its
 * labels: a value the contract adds is offered, and no tool offers a list of its own (the
 * video settings are in jobs/utils/video-options.ts, checked by its own test).
 */

type Case = [string, readonly SegmentOption<string>[], readonly string[], Record<string, string>?];

const IMG = 'https://cdn.example.com/a.png';

describe("the tools offer exactly the contract's values", () => {
  it.each<Case>([['Blend aspect ratio', ASPECT_OPTIONS, BLEND_ASPECT_RATIOS]])(
    '%s',
    (_, options, values, labels) => {
      expect(options.map((o) => o.value)).toEqual([...values]);
      expect(options.map((o) => o.label)).toEqual(values.map((v) => labels?.[v] ?? v));
    },
  );

  it('each value goes out as the contract has it', () => {
    const sent = (check: ToolCheck): Record<string, unknown> => check.body.params ?? {};
    const video = (resolution: VideoResolution, motion: VideoMotion) =>
      sent(textToVideoCreate(IMG, 'waves', resolution, motion));
    expect(VIDEO_RESOLUTIONS.map((r) => video(r, 'low').videoType)).toEqual(
      VIDEO_RESOLUTIONS.map((_, code) => code),
    );
    const motionOf = (motion: VideoMotion) =>
      getFlag(parsePrompt(String(video('480p', motion).prompt)), 'motion')?.value ?? 'low';
    expect(VIDEO_MOTIONS.map(motionOf)).toEqual([...VIDEO_MOTIONS]);
    for (const aspect of BLEND_ASPECT_RATIOS) {
      const check = blendCreate([IMG, IMG], aspect);
      expect(check.issues).toBeNull();
      expect(sent(check).aspect_ratio).toBe(aspect);
    }
  });
});
