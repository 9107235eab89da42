import { describe, expect, it } from 'vitest';
import { parseRange } from './serve';
import { mediaTypeOf } from './sniff';

describe('parseRange', () => {
  it('reads one byte range and refuses what lies outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    // Several ranges or other units: the whole file, which a 200 answer allows.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('mediaTypeOf', () => {
  it('trusts the bytes first and never passes on a non-media type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(mediaTypeOf(png, 'application/octet-stream')).toBe('image/png');
    expect(mediaTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), null)).toBe('image/jpeg');
    expect(mediaTypeOf(new Uint8Array([1, 2, 3]), 'image/avif')).toBe('image/avif');
    expect(mediaTypeOf(new Uint8Array([1, 2, 3]), 'text/html')).toBe('application/octet-stream');
    expect(mediaTypeOf(new Uint8Array([60, 115, 118, 103]), 'image/svg+xml')).toBe(
      'application/octet-stream',
    );
  });
});
