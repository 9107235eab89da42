import { queryOptions } from '@tanstack/react-query';
import type { Upload } from '@/contract/studio-api';
import { requestJson } from '../http';

/** Whether uploads work changes only with the server's settings: read it once in a while. */
const STATUS_STALE_MS = 60_000;

export const uploadQueries = {
  all: () => ['uploads'] as const,
  /** `GET /studio-api/status`: whether uploads can be used now, and their limits. */
  status: () =>
    queryOptions({
      queryKey: [...uploadQueries.all(), 'status'] as const,
      queryFn: async ({ signal }) => {
        const status = await requestJson('/studio-api/status', 'status', { signal });
        return status.uploads;
      },
      staleTime: STATUS_STALE_MS,
      retry: false,
    }),
};

/** Sends one image as the multipart field `file`; the answer names its public URL. */
export async function uploadImage(file: File): Promise<Upload> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { upload } = await requestJson('/studio-api/uploads', 'upload', {
    method: 'POST',
    body: form,
  });
  return upload;
}

/** The part of a `DataTransfer` (a drop's or a paste's) that holds files. */
type FileCarrier = Pick<DataTransfer, 'files' | 'items'>;

/**
 * The first image in a paste or a drop, or undefined. Screenshots pasted from the
 * clipboard often arrive only as an item (not in `files`), so the items are read too.
 */
export function imageFileOf(data: FileCarrier | null): File | undefined {
  if (!data) return undefined;
  const fromFiles = Array.from(data.files).find((f) => f.type.startsWith('image/'));
  if (fromFiles) return fromFiles;
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file' || !item.type.startsWith('image/')) continue;
    const file = item.getAsFile();
    if (file) return file;
  }
  return undefined;
}
