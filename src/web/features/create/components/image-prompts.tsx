import { useRef } from 'react';
import { Button } from '@/web/components/ui/button';
import type { ImageUpload } from '@/web/lib/uploads/use-image-upload';

/** "Add image": picks a file to upload as an image prompt (paste and drop work too). */
export function AddImageButton({ upload }: { upload: ImageUpload }) {
  const input = useRef<HTMLInputElement>(null);
  const { status } = upload;
  // Off uploads still show the button, disabled, with the server's reason as its title.
  const off = status ? !status.enabled : false;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Add image prompt"
        title={off ? `Uploads are off: ${status?.reason ?? 'not available'}` : undefined}
        disabled={off || upload.pending}
        aria-busy={upload.pending}
        onClick={() => input.current?.click()}
      >
        {upload.pending ? 'Uploading…' : 'Add image'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={status?.types.join(',') ?? 'image/*'}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        onChange={(e) => {
          upload.send(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
