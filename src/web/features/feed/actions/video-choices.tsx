import type { VideoMotion } from '@/contract/prompt-flags';
import type { VideoResolution } from '@/contract/requests/choices';
import { ChoiceRow } from '@/web/components/ui/choice-row';
import { SegmentedControl } from '@/web/components/ui/segmented-control';
import { VIDEO_MOTION_OPTIONS, VIDEO_RESOLUTION_OPTIONS } from '@/web/jobs/utils/video-options';

interface VideoChoicesProps {
  resolution: VideoResolution;
  onResolution: (value: VideoResolution) => void;
  motion: VideoMotion;
  onMotion: (value: VideoMotion) => void;
}

/** A clip's resolution and amount of motion, as Animate and the Text to video tool ask. */
export function VideoChoices(props: VideoChoicesProps) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2">
      <ChoiceRow label="Resolution">
        <SegmentedControl
          label="Video resolution"
          options={VIDEO_RESOLUTION_OPTIONS}
          value={props.resolution}
          onChange={props.onResolution}
        />
      </ChoiceRow>
      <ChoiceRow label="Motion">
        <SegmentedControl
          label="Video motion"
          options={VIDEO_MOTION_OPTIONS}
          value={props.motion}
          onChange={props.onMotion}
        />
      </ChoiceRow>
    </div>
  );
}
