import type { Job, MediaItem } from '../../../../contract/studio-api';
import { isTerminal } from '../../../../contract/task';
import { useLightboxActions } from '../stores/lightbox-store';
import type { Dims } from '../utils/job-view';
import { imageAlt, mediaDims, mediaLayout, promptDims } from '../utils/job-view';

/** Tallest a job's media may be in the feed, so tall aspect ratios do not fill the page. */
const MAX_MEDIA_HEIGHT = '30rem';
/** A running job only needs to hint at the shape to come. */
const MAX_PLACEHOLDER_HEIGHT = '10rem';

/** Caps the width so that, at this aspect ratio, the height stays under the limit. */
const maxWidthFor = (
  { width, height }: Dims,
  cols: number,
  rows: number,
  maxHeight = MAX_MEDIA_HEIGHT,
) => ({
  maxWidth: `calc(${maxHeight} * ${(width * cols) / (height * rows)})`,
});

export function JobMedia({ job }: { job: Job }) {
  const layout = mediaLayout(job);
  if (layout.kind === 'grid') return <ImageGrid job={job} images={layout.images} />;
  if (layout.kind === 'single') return <SingleImage job={job} image={layout.image} />;
  if (!isTerminal(job.status)) return <MediaPlaceholder prompt={job.prompt} />;
  return null;
}

function ImageGrid({ job, images }: { job: Job; images: MediaItem[] }) {
  const [first] = images;
  if (!first) return null;
  const cols = images.length > 4 ? 4 : 2;
  const rows = Math.ceil(images.length / cols);
  return (
    <div
      className={`grid gap-1 overflow-hidden rounded-md ${cols === 4 ? 'grid-cols-4' : 'grid-cols-2'}`}
      style={maxWidthFor(mediaDims(first, job.prompt), cols, rows)}
    >
      {images.map((image, i) => (
        <ImageButton key={image.url} job={job} image={image} index={i} />
      ))}
    </div>
  );
}

function SingleImage({ job, image }: { job: Job; image: MediaItem }) {
  return (
    <div
      className="overflow-hidden rounded-md"
      style={maxWidthFor(mediaDims(image, job.prompt), 1, 1)}
    >
      <ImageButton job={job} image={image} index={0} />
    </div>
  );
}

interface ImageButtonProps {
  job: Job;
  image: MediaItem;
  index: number;
}

/** The button's accessible name is the image's alt text ("Image 2 of …"). */
function ImageButton({ job, image, index }: ImageButtonProps) {
  const { lightboxOpened } = useLightboxActions();
  const { width, height } = mediaDims(image, job.prompt);
  return (
    <button
      type="button"
      onClick={() => lightboxOpened(job.id, index)}
      className="group block cursor-zoom-in focus-visible:outline-offset-[-2px]"
    >
      <img
        src={image.url}
        width={width}
        height={height}
        alt={imageAlt(index, job.prompt)}
        loading="lazy"
        decoding="async"
        className="block h-auto w-full bg-zinc-800 transition-opacity group-hover:opacity-90"
      />
    </button>
  );
}

/** Holds the shape the prompt asked for while the job runs, so the feed does not jump. */
function MediaPlaceholder({ prompt }: { prompt: string }) {
  const dims = promptDims(prompt);
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
