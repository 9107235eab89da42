/** Precompressed copies the build writes beside a file (scripts/precompress.ts), best first. */
const CODINGS = [
  { coding: 'br', ext: '.br' },
  { coding: 'gzip', ext: '.gz' },
] as const;

export type Coding = (typeof CODINGS)[number];

/** `gzip;q=0.5, br` → Map { gzip → 0.5, br → 1 } (names lower-cased; bad q = 0). */
function qualities(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    out.set(name, Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0);
  }
  return out;
}

/**
 * The codings the client accepts, in our order of preference (RFC 9110 §12.5.3): a
 * coding named with q=0 is refused, `*` stands for every coding not named, and a
 * missing header means the client takes only the file as it is.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (header === undefined) return [];
  const q = qualities(header);
  const star = q.get('*') ?? 0;
  return CODINGS.filter(({ coding }) => (q.get(coding) ?? star) > 0);
}
