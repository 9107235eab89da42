import type { Job, MediaItem } from '@/contract/studio-api';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import type { JobActions } from '../actions/use-job-actions';
import { videoActionsAvailable } from '@/web/jobs/utils/action-plan';
import type { GridAction } from '@/web/jobs/utils/grid-action';
import { mediaDims, videoLabel } from '@/web/jobs/utils/job-view';
import { maxWidthFor } from './media-size';

interface VideoClipsProps {
  job: Job;
  videos: MediaItem[];
  actions: JobActions;
  /** Whether the person signed in may make follow-ups (a viewer may not): else no buttons. */
  followUp: boolean;
}

/** Four clips (or one) as a 2×2 grid of players, each with Extend and Upscale video. */
export function VideoClips({ job, videos, actions, followUp }: VideoClipsProps) {
  const [first] = videos;
  if (!first) return null;
  const cols = videos.length > 1 ? 2 : 1;
  // A clip's size is known once the server measured it; a prompt says nothing about it.
  const measured = first.width && first.height;
  return (
    <div
      className={cn('grid max-w-3xl gap-2', cols === 2 ? 'grid-cols-2' : 'grid-cols-1')}
      style={
        measured
          ? maxWidthFor(mediaDims(first, job.prompt), cols, Math.ceil(videos.length / cols))
          : undefined
      }
    >
      {videos.map((video, i) => (
        <Clip
          key={video.url}
          job={job}
          video={video}
          index={i}
          actions={actions}
          followUp={followUp}
        />
      ))}
    </div>
  );
}

interface ClipProps {
  job: Job;
  video: MediaItem;
  index: number;
  actions: JobActions;
  followUp: boolean;
}

function Clip({ job, video, index, actions, followUp }: ClipProps) {
  const available = followUp
    ? videoActionsAvailable(job.operation)
    : { extend: false, upscale: false };
  const n = index + 1;
  const upscale: GridAction = { kind: 'video-upscale', videoNo: index };
  const upscaling = actions.isPending(upscale);
  // Known sizes reserve the box before the metadata loads; unknown ones are left to the file.
  const size = video.width && video.height ? { width: video.width, height: video.height } : {};
  return (
    <figure className="min-w-0 space-y-1.5">
      <video
        src={video.url}
        controls
        muted
        loop
        playsInline
        // Nothing is fetched until a clip is played: each clip that preloads holds one of the
        // six connections a browser keeps per origin, so a feed of eight clips left the
        // job list and the event stream waiting behind them after a reload.
        preload="none"
        {...size}
        aria-label={videoLabel(index, job.prompt)}
        className="block h-auto w-full rounded-md bg-zinc-800"
      />
      {available.extend || available.upscale ? (
        <figcaption className="flex flex-wrap items-center gap-1.5">
          <span className="mr-auto font-mono text-[11px] text-zinc-500">Clip {n}</span>
          {available.extend ? (
            <Button
              size="sm"
              aria-label={`Extend clip ${n}`}
              title="About 4 more seconds"
              onClick={() => actions.openDialog({ kind: 'extend', videoNo: index })}
            >
              Extend
            </Button>
          ) : null}
          {available.upscale ? (
            <Button
              size="sm"
              aria-label={`Upscale video ${n}`}
              onClick={() => actions.run(upscale)}
              disabled={upscaling}
              aria-busy={upscaling}
            >
              Upscale video
            </Button>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
