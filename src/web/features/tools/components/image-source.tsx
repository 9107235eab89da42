import { useState } from 'react';
import type { Upload } from '@/contract/studio-api';
import { Field, inputClass } from '@/web/components/ui/field';
import { useImageUpload } from '@/web/lib/uploads/use-image-upload';
import { UploadZone } from './upload-zone';

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
        // A pasted image is uploaded like a dropped one; pasted text stays a typed URL.
        <div className="space-y-2" onPaste={upload.onPaste}>
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
