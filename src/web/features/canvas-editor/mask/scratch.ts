/*
 * Working memory kept between calls, by name, for the selection worker's passes over a
 * whole image. A new typed array of megabytes is fresh memory, and its first touch is a
 * page fault per 4 KiB: measured here, 16 MB of it cost a grow 80 ms, where the pass
 * itself took 7. Kept, it is touched once per worker, and no garbage is made at each step.
 * Each name has one user at a time; what a view holds on return is the last user's, so
 * the user writes every element it reads, or asks for it cleared.
 */
const kept = new Map<string, ArrayBuffer>();

/** At least `bytes` bytes of memory kept under `name`. */
function memory(name: string, bytes: number): ArrayBuffer {
  const had = kept.get(name);
  if (had && had.byteLength >= bytes) return had;
  const made = new ArrayBuffer(bytes);
  kept.set(name, made);
  return made;
}

type View<T> = new (buffer: ArrayBuffer, offset: number, length: number) => T;

/** `length` elements of kept memory, as `of` (Uint8Array, Float32Array, …). */
export function scratch<T extends { fill(value: number): T }>(
  name: string,
  of: View<T> & { BYTES_PER_ELEMENT: number },
  length: number,
  clear = false,
): T {
  const view = new of(memory(name, length * of.BYTES_PER_ELEMENT), 0, length);
  return clear ? view.fill(0) : view;
}
