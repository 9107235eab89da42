import type { Job, MediaItem } from '@/contract/studio-api';
import type { JobActions } from '../actions/use-job-actions';
import type { ImageActionPlan } from '@/web/jobs/utils/action-plan';
import type { MediaLayout } from '@/web/jobs/utils/job-view';
import { isRunning, mediaDims, promptDims } from '@/web/jobs/utils/job-view';
import { ImageTile } from './image-tile';
import { BATCH_TILE_SIZES, MAX_PLACEHOLDER_HEIGHT, maxWidthFor, tileSizes } from './media-size';
import { PromptList } from './prompt-list';
import { VideoClips } from './video-clips';

interface JobMediaProps {
  job: Job;
  layout: MediaLayout;
  /** The image actions; null for jobs without images. */
  plan: ImageActionPlan | null;
  actions: JobActions;
  onUsePrompt: ((prompt: string) => void) | undefined;
  /** Whether the person signed in may make follow-ups; `plan` is null when not. */
  followUp: boolean;
}

/** A job's output in the form that suits it, or a placeholder of its shape while it runs. */
export function JobMedia({ job, layout, plan, actions, onUsePrompt, followUp }: JobMediaProps) {
  const tiles = { job, plan, actions };
  switch (layout.kind) {
    case 'grid':
      return <ImageGrid {...tiles} images={layout.images} />;
    case 'batch':
      return <BatchGrid {...tiles} images={layout.images} />;
    case 'single':
      return <SingleImage {...tiles} image={layout.image} />;
    case 'videos':
      return <VideoClips job={job} videos={layout.videos} actions={actions} followUp={followUp} />;
    case 'prompts':
      // Using a prompt goes on to create: not for whom may not.
      return (
        <PromptList prompts={layout.prompts} onUsePrompt={followUp ? onUsePrompt : undefined} />
      );
    case 'none':
      return isRunning(job) ? <MediaPlaceholder job={job} /> : null;
  }
}

interface TilesProps {
  job: Job;
  plan: ImageActionPlan | null;
  actions: JobActions;
}

function ImageGrid({ job, plan, actions, images }: TilesProps & { images: MediaItem[] }) {
  const [first] = images;
  if (!first) return null;
  const rows = Math.ceil(images.length / 2);
  const dims = mediaDims(first, job.prompt);
  return (
    <div
      className="grid grid-cols-2 gap-1 overflow-hidden rounded-md"
      style={maxWidthFor(dims, 2, rows)}
    >
      <Tiles
        job={job}
        plan={plan}
        actions={actions}
        images={images}
        sizes={tileSizes(dims, 2, rows)}
      />
    </div>
  );
}

/** One tile per image, each with the actions its index allows, `sizes` wide. */
function Tiles({
  job,
  plan,
  actions,
  images,
  sizes,
}: TilesProps & { images: MediaItem[]; sizes: string }) {
  return images.map((image, i) => (
    <ImageTile
      key={image.url}
      job={job}
      image={image}
      index={i}
      sizes={sizes}
      capabilities={plan?.menus[i] ?? []}
      actions={actions}
    />
  ));
}

/** A draft batch: up to 24 small images, as many per row as the width allows. */
function BatchGrid({ job, plan, actions, images }: TilesProps & { images: MediaItem[] }) {
  return (
    <div className="grid max-w-4xl grid-cols-3 gap-1 overflow-hidden rounded-md sm:grid-cols-4 lg:grid-cols-6">
      <Tiles job={job} plan={plan} actions={actions} images={images} sizes={BATCH_TILE_SIZES} />
    </div>
  );
}

function SingleImage({ job, plan, actions, image }: TilesProps & { image: MediaItem }) {
  const dims = mediaDims(image, job.prompt);
  return (
    <div className="overflow-hidden rounded-md" style={maxWidthFor(dims, 1, 1)}>
      <ImageTile
        job={job}
        image={image}
        index={0}
        sizes={tileSizes(dims, 1, 1)}
        capabilities={plan?.menus[0] ?? []}
        actions={actions}
        transparent={job.operation === 'remove_background'}
      />
    </div>
  );
}

const TEXT_OPERATIONS: readonly Job['operation'][] = ['describe', 'shorten'];

/** Holds the shape of the coming output while the job runs, so the feed does not jump. */
function MediaPlaceholder({ job }: { job: Job }) {
  if (TEXT_OPERATIONS.includes(job.operation)) {
    return (
      <div aria-hidden="true" className="space-y-2">
        {['w-11/12', 'w-9/12', 'w-10/12'].map((w) => (
          <div key={w} className={`h-3 animate-pulse rounded bg-zinc-800/70 ${w}`} />
        ))}
      </div>
    );
  }
  const dims = promptDims(job.prompt);
  return (
    <div
      aria-hidden="true"
      className="w-full animate-pulse rounded-md bg-zinc-800/70"
      style={{
        aspectRatio: `${dims.width} / ${dims.height}`,
        ...maxWidthFor(dims, 1, 1, MAX_PLACEHOLDER_HEIGHT),
      }}
    />
  );
}
