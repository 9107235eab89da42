import type { UploadsStatus } from '@/contract/studio-api';

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

const listOf = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/** Why a picked file cannot be uploaded, before sending it; null when it may go. */
export function uploadProblem(
  file: { size: number; type: string },
  status: Pick<UploadsStatus, 'maxBytes' | 'types'>,
): string | null {
  if (!status.types.includes(file.type)) {
    const names = status.types.map((t) => TYPE_NAMES[t] ?? t);
    return `Choose a ${listOf(names)} image.`;
  }
  if (file.size > status.maxBytes) {
    const mb = Math.round((status.maxBytes / (1024 * 1024)) * 10) / 10;
    return `The file is larger than the upload limit of ${mb} MB.`;
  }
  return null;
}
