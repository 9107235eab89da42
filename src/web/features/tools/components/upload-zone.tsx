import { useRef } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useFileDrop } from '@/web/lib/uploads/use-file-drop';
import type { ImageUpload } from '@/web/lib/uploads/use-image-upload';

interface UploadZoneProps {
  upload: ImageUpload;
  label: string;
}

/** The upload part of an image field: a drop area and picker, or why uploads are off. */
export function UploadZone({ upload, label }: UploadZoneProps) {
  const { status } = upload;
  if (!status) return null;
  if (!status.enabled) {
    return (
      <p className="text-xs text-zinc-500">Uploads are off: {status.reason ?? 'not available'}</p>
    );
  }
  return (
    <DropArea
      label={label}
      accept={status.types.join(',')}
      busy={upload.pending}
      message={upload.message}
      onFile={upload.send}
    />
  );
}

interface DropAreaProps {
  label: string;
  accept: string;
  busy: boolean;
  message: string | null;
  onFile: (file: File | undefined) => void;
}

/** A dashed area that takes a dropped file, with a button that opens the file picker. */
function DropArea({ label, accept, busy, message, onFile }: DropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const { over, dropProps } = useFileDrop(onFile);
  return (
    <div
      {...dropProps}
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-md border border-dashed px-3 py-2 text-xs text-zinc-500',
        over ? 'border-indigo-400 bg-indigo-500/10' : 'border-zinc-700',
      )}
    >
      <Button
        size="sm"
        aria-label={label}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Uploading…' : 'Upload'}
      </Button>
      <span>or drop an image here</span>
      <input
        ref={input}
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {message ? (
        <span role="alert" className="w-full text-red-300">
          {message}
        </span>
      ) : null}
    </div>
  );
}
