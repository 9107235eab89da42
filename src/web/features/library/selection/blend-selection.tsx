import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Job } from '@/contract/studio-api';
import { Button } from '@/web/components/ui/button';
import { describeError } from '@/web/lib/describe-error';
import { findCachedJob } from '@/web/jobs/api/job-events';
import { galleryTiles } from '@/web/jobs/utils/gallery-tiles';
import { useResultReuseContext } from '../viewer/result-reuse';
import { uploadResult } from '../viewer/reuse-actions';

/** The Blend tool takes two to five images. */
const MIN_IMAGES = 2;
const MAX_IMAGES = 5;

/**
 * Blend the selected images: every image of the chosen jobs (the tiles shown as chosen),
 * uploaded again so the service can fetch them, become the Blend tool's inputs.
 */
export function BlendSelection({ ids }: { ids: readonly string[] }) {
  const reuse = useResultReuseContext();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!reuse) return null;
  const jobs = ids.map((id) => findCachedJob(client, id)).filter((j): j is Job => j !== undefined);
  const images = galleryTiles(jobs).filter((t) => t.kind === 'image');
  const fits = images.length >= MIN_IMAGES && images.length <= MAX_IMAGES;
  const blend = () => {
    setBusy(true);
    setError(null);
    Promise.all(images.map(uploadResult)).then(
      (uploads) => {
        setBusy(false);
        reuse.blend(uploads.map((u) => u.url));
      },
      (err: unknown) => {
        setBusy(false);
        setError(`Could not blend these images: ${describeError(err).title}`);
      },
    );
  };
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={!fits || busy}
        title={fits ? undefined : `Blend takes ${MIN_IMAGES} to ${MAX_IMAGES} images`}
        onClick={blend}
      >
        {busy ? 'Preparing images…' : 'Blend'}
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-red-300">
          {error}
        </span>
      ) : null}
    </>
  );
}
