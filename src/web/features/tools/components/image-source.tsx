import { useRef, useState } from 'react';
import type { ClipboardEvent, DragEvent } from 'react';
import type { Upload } from '../../../../contract/studio-api';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import type { ImageUpload } from '../../../lib/use-image-upload';
import { useImageUpload } from '../../../lib/use-image-upload';
import { imageFileOf } from '../../../lib/uploads';

interface ImageSourceProps {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  error: string | null;
  /** Accessible name of the upload button, e.g. "Upload image 2"; defaults to "Upload image". */
  uploadLabel?: string;
  className?: string;
}

/**
 * Where an image comes from: a public URL, typed or pasted, or a file dropped, pasted or
 * picked here, which the studio uploads and whose public URL it fills in.
 */
export function ImageSource(props: ImageSourceProps) {
  const { id, label, value, onChange, error, uploadLabel, className } = props;
  const [uploaded, setUploaded] = useState<Upload | null>(null);
  const upload = useImageUpload((u) => {
    setUploaded(u);
    onChange(u.url);
  });
  const preview = uploaded && uploaded.url === value ? uploaded : null;
  // A pasted image is uploaded like a dropped one; pasted text stays a typed URL.
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const file = imageFileOf(e.clipboardData);
    if (!file) return;
    e.preventDefault();
    upload.send(file);
  };
  return (
    <Field
      id={id}
      label={label}
      error={error}
      className={className}
      hint={
        upload.status?.enabled
          ? 'Paste a public image URL or an image, or drop or pick a file.'
          : undefined
      }
    >
      {(control) => (
        <div className="space-y-2" onPaste={onPaste}>
          <div className="flex items-center gap-2">
            {preview ? (
              <img
                src={preview.previewUrl}
                alt=""
                width={preview.width}
                height={preview.height}
                className="size-9 shrink-0 rounded object-cover ring-1 ring-zinc-700"
              />
            ) : null}
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              placeholder="https://…"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              className={inputClass}
            />
          </div>
          <UploadZone upload={upload} label={uploadLabel ?? 'Upload image'} />
        </div>
      )}
    </Field>
  );
}

interface UploadZoneProps {
  upload: ImageUpload;
  label: string;
}

function UploadZone({ upload, label }: UploadZoneProps) {
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
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    onFile(e.dataTransfer.files[0]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
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
