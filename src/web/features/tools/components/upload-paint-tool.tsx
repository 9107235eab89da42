import { useState } from 'react';
import type { Upload } from '@/contract/studio-api';
import { useEditorRequested } from '@/web/jobs/stores/editor-request-store';
import { useImageUpload } from '@/web/lib/uploads/use-image-upload';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';
import { UploadZone } from './upload-zone';

const FIELD_ID = 'upload-paint-image';

/**
 * Upload and paint: an uploaded image opens in the canvas editor, which places it on a
 * canvas, takes the mask and the prompt, and makes the create. The editor belongs to the
 * app layer, so this tool only writes the request for it.
 */
export function UploadPaintTool(props: ToolFormProps) {
  const [image, setImage] = useState<Upload | null>(null);
  const [tried, setTried] = useState(false);
  const upload = useImageUpload(setImage);
  const editorRequested = useEditorRequested();
  // Only an upload will do: the editor must show the image on our origin, at its own size.
  const off = upload.status?.enabled === false;
  const open = () => {
    setTried(true);
    if (!image) return;
    editorRequested({ mode: 'upload-paint', imgUrl: image.url, imageUrl: image.previewUrl });
  };
  return (
    <ToolCard
      {...props}
      id="tool-upload-paint"
      title="Upload and paint"
      description="Place your own image on a canvas and repaint a region of it and the rest."
      submitLabel="Open editor"
      // No remix prompt yet: the estimate is the operation's own price, at the default speed.
      body={{ operation: 'upload-paint' }}
      onSubmit={open}
      submitDisabled={off}
    >
      <fieldset
        aria-describedby={`${FIELD_ID}-note`}
        className="space-y-2"
        onPaste={upload.onPaste}
      >
        <legend className="mb-1.5 text-xs font-medium text-zinc-300">Image to paint</legend>
        {image ? <Chosen image={image} /> : null}
        {off ? null : <UploadZone upload={upload} label="Upload image to paint" />}
        <Note
          id={`${FIELD_ID}-note`}
          off={off}
          reason={upload.status?.reason}
          missing={tried && !image}
        />
      </fieldset>
    </ToolCard>
  );
}

interface NoteProps {
  id: string;
  off: boolean;
  reason: string | null | undefined;
  missing: boolean;
}

/** What to do, why the tool cannot work now, or what is missing after a submit. */
function Note({ id, off, reason, missing }: NoteProps) {
  if (off) {
    return (
      <p id={id} className="text-xs text-zinc-400">
        Upload and paint needs an uploaded image, and uploads are off: {reason ?? 'not available'}
      </p>
    );
  }
  if (missing) {
    return (
      <p id={id} className="text-xs text-red-300">
        Upload an image to paint on first.
      </p>
    );
  }
  return (
    <p id={id} className="text-xs text-zinc-500">
      Drop, paste or pick an image; the editor opens at its full size.
    </p>
  );
}

function Chosen({ image }: { image: Upload }) {
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-400">
      <img
        src={image.previewUrl}
        alt="The image to paint"
        width={image.width}
        height={image.height}
        className="size-12 shrink-0 rounded object-cover ring-1 ring-zinc-700"
      />
      <span>
        {image.width} × {image.height} px
      </span>
    </p>
  );
}
