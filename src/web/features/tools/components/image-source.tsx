import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import type { Upload, UploadsStatus } from '../../../../contract/studio-api';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { describeError } from '../../../lib/describe-error';
import { uploadImage, uploadQueries } from '../api/uploads';
import { uploadProblem } from '../utils/upload-check';

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
 * Where an image comes from: a public URL, typed or pasted, or a file dropped or picked
 * here, which the studio uploads and whose public URL it fills in.
 */
export function ImageSource(props: ImageSourceProps) {
  const { id, label, value, onChange, error, uploadLabel, className } = props;
  const status = useQuery(uploadQueries.status());
  const [uploaded, setUploaded] = useState<Upload | null>(null);
  const preview = uploaded && uploaded.url === value ? uploaded : null;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      className={className}
      hint={status.data?.enabled ? 'Paste a public image URL, or drop or pick a file.' : undefined}
    >
      {(control) => (
        <div className="space-y-2">
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
          {status.data ? (
            <UploadZone
              status={status.data}
              label={uploadLabel ?? 'Upload image'}
              onUploaded={(u) => {
                setUploaded(u);
                onChange(u.url);
              }}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}

interface UploadZoneProps {
  status: UploadsStatus;
  label: string;
  onUploaded: (upload: Upload) => void;
}

function UploadZone({ status, label, onUploaded }: UploadZoneProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: onUploaded });
  if (!status.enabled) {
    return (
      <p className="text-xs text-zinc-500">Uploads are off: {status.reason ?? 'not available'}</p>
    );
  }
  // Type and size are checked here first: a refused file never leaves the browser.
  const send = (file: File | undefined) => {
    if (!file) return;
    const why = uploadProblem(file, status);
    setProblem(why);
    if (!why) upload.mutate(file);
  };
  return (
    <DropArea
      label={label}
      accept={status.types.join(',')}
      busy={upload.isPending}
      message={problem ?? (upload.error ? describeError(upload.error).title : null)}
      onFile={send}
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
