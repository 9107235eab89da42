import { useState } from 'react';
import type { Upload } from '@/contract/studio-api';
import { parsePrompt, serializePrompt, setFlag } from '@/contract/prompt-flags';
import { Button } from '@/web/components/ui/button';
import { describeError } from '@/web/lib/describe-error';
import { jobEditorRequest, useEditorRequested } from '@/web/jobs/stores/editor-request-store';
import { uploadImage } from '@/web/lib/uploads/uploads';
import { useCreateJob } from '@/web/jobs/hooks/use-create-job';
import { reuseMaskMode } from '@/web/jobs/utils/action-plan';
import type { GalleryTile } from '@/web/jobs/utils/gallery-tiles';
import type { ResultReuse } from './result-reuse';
import { downloadName } from '@/web/jobs/utils/gallery-tiles';

/** The prompt with the job's seed, so that the same image can be made again. */
function promptWithSeed(prompt: string, seed: string | null): string {
  return seed === null ? prompt : serializePrompt(setFlag(parsePrompt(prompt), '--seed', seed));
}

/**
 * A result as an image the service can fetch: the studio's copy is uploaded again, which
 * gives it a public address (`PUBLIC_URL/u/…`) without the job's upstream id.
 */
export async function uploadResult(tile: GalleryTile): Promise<Upload> {
  const res = await fetch(tile.item.url);
  if (!res.ok) throw new Error(`the image could not be read (${res.status})`);
  const blob = await res.blob();
  return uploadImage(new File([blob], downloadName(tile), { type: blob.type }));
}

const ROLES = [
  { role: 'image', text: 'Use as image prompt' },
  { role: 'sref', text: 'Use as --sref' },
  { role: 'cref', text: 'Use as --cref' },
] as const;

interface ReuseActionsProps {
  tile: GalleryTile;
  reuse: ResultReuse;
  onError: (message: string | null) => void;
  /** The result went elsewhere (the prompt box, the editor): the viewer closes. */
  onDone: () => void;
}

/** Use the prompt (and seed), use the image as a prompt, describe it, vary or edit it. */
export function ReuseActions({ tile, reuse, onError, onDone }: ReuseActionsProps) {
  const editorRequested = useEditorRequested();
  const { job } = tile;
  const done = (fn: () => void) => () => {
    fn();
    onDone();
  };
  const image = tile.kind === 'image';
  const editable = image && job.output?.images[tile.index] !== undefined && !job.followUpBlocked;
  const edit = (kind: 'vary-region' | 'edit' | 'reuse-mask') =>
    done(() => {
      const request = jobEditorRequest(job, tile.index, tile.item.url, kind);
      if (request) editorRequested(request);
    });
  const reusable = editable && reuseMaskMode(job.operation) !== null;
  const seed = job.output?.seed ?? null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={done(() => reuse.usePrompt(job.prompt))}>
        Use prompt
      </Button>
      {seed ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={done(() => reuse.usePrompt(promptWithSeed(job.prompt, seed)))}
        >
          Use prompt and seed
        </Button>
      ) : null}
      {image ? <ImageReuse tile={tile} reuse={reuse} onError={onError} onDone={onDone} /> : null}
      {editable ? (
        <>
          <Button size="sm" variant="ghost" onClick={edit('vary-region')}>
            Vary region…
          </Button>
          <Button size="sm" variant="ghost" onClick={edit('edit')}>
            Edit…
          </Button>
          {reusable ? (
            <Button size="sm" variant="ghost" onClick={edit('reuse-mask')}>
              Reuse mask…
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The image as an image prompt, `--sref` or `--cref`, or described. */
function ImageReuse({ tile, reuse, onError, onDone }: ReuseActionsProps) {
  const [busy, setBusy] = useState(false);
  const create = useCreateJob();
  const withUpload = (then: (upload: Upload) => void) => {
    setBusy(true);
    onError(null);
    uploadResult(tile).then(
      (upload) => {
        setBusy(false);
        then(upload);
        onDone();
      },
      (err: unknown) => {
        setBusy(false);
        onError(`Could not use this image: ${describeError(err).title}`);
      },
    );
  };
  const describe = (u: Upload) =>
    create.submit({ operation: 'describe', params: { imgUrl: u.url } });
  return (
    <>
      {ROLES.map(({ role, text }) => (
        <Button
          key={role}
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => withUpload((u) => reuse.useImage(u, role))}
        >
          {text}
        </Button>
      ))}
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => withUpload(describe)}>
        Describe
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => withUpload((u) => reuse.blend([u.url]))}
      >
        Blend with others
      </Button>
      {busy ? (
        <span role="status" className="text-sm text-zinc-400">
          Preparing the image…
        </span>
      ) : null}
    </>
  );
}
