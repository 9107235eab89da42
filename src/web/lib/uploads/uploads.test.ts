import { describe, expect, it } from 'vitest';
import { imageFileOf } from './uploads';

// Node has File but no DataTransfer: a carrier with array-likes is enough for the helper.
const carrier = (files: File[], items: { kind: string; type: string; file: File | null }[] = []) =>
  ({
    files: files as unknown as FileList,
    items: items.map((i) => ({
      kind: i.kind,
      type: i.type,
      getAsFile: () => i.file,
    })) as unknown as DataTransferItemList,
  }) satisfies Parameters<typeof imageFileOf>[0];

describe('imageFileOf', () => {
  const png = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
  const txt = new File(['x'], 'a.txt', { type: 'text/plain' });

  it('takes the first image among the files', () => {
    expect(imageFileOf(carrier([txt, png]))).toBe(png);
  });

  it('reads clipboard items when files is empty (pasted screenshots)', () => {
    expect(imageFileOf(carrier([], [{ kind: 'file', type: 'image/png', file: png }]))).toBe(png);
  });

  it('ignores text and non-image files', () => {
    expect(imageFileOf(carrier([txt], [{ kind: 'string', type: 'text/plain', file: null }]))).toBe(
      undefined,
    );
    expect(imageFileOf(null)).toBe(undefined);
  });
});
