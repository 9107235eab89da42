import { VIDEO_MOTION_LABELS, VIDEO_MOTIONS, type VideoMotion } from '@/contract/prompt-flags';
import { VIDEO_RESOLUTIONS, type VideoResolution } from '@/contract/requests/choices';
import type { SegmentOption } from '@/web/components/ui/segmented-control';
import { segmentOptions } from '@/web/components/ui/segmented-control';

/** The video settings every video form offers (Animate, Text to video). */
export const VIDEO_RESOLUTION_OPTIONS: SegmentOption<VideoResolution>[] = segmentOptions(
  VIDEO_RESOLUTIONS,
  {},
  { '720p': 'Sharper, about three times the cost' },
);
export const VIDEO_MOTION_OPTIONS: SegmentOption<VideoMotion>[] = segmentOptions(
  VIDEO_MOTIONS,
  VIDEO_MOTION_LABELS,
  { low: 'Calm camera and subject', high: 'More movement' },
);
