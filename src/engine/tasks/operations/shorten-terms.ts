/*
 * The words of a prompt as terms that can be dropped one by one: each with its `::N`
 * weight, its position and whether it carries meaning. Shorten keeps the terms that
 * score highest and puts them back together in their original order.
 */

/** Words that glue a prompt together but describe nothing on their own. */
const STOPWORDS = new Set(
  (
    'a an the of and or with in on at by for to from into onto over under as is are was ' +
    'be very really quite some its their his her this that these those there here which ' +
    'while featuring showing'
  ).split(' '),
);

export interface Term {
  word: string;
  /** The segment (`::`-separated part) and comma phrase it belongs to. */
  segment: number;
  phrase: number;
  score: number;
}

export interface Segment {
  /** The `::N` (or bare `::`) that ends the segment as written, '' for the last. */
  marker: string;
  weight: number;
}

export interface PromptTerms {
  terms: Term[];
  segments: Segment[];
}

const MARKER_RE = /::\s*(-?\d*\.?\d+)?/g;

/** Splits prompt text (no flags) into `::` segments with their weights. */
function segmentsOf(text: string): { text: string; segment: Segment }[] {
  const out: { text: string; segment: Segment }[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKER_RE)) {
    const weight = m[1] === undefined ? 1 : Number(m[1]);
    out.push({ text: text.slice(at, m.index), segment: { marker: m[0].trim(), weight } });
    at = m.index + m[0].length;
  }
  out.push({ text: text.slice(at), segment: { marker: '', weight: 1 } });
  return out.filter((s) => s.text.trim() !== '' || s.segment.marker !== '');
}

/**
 * Terms scored by weight first (`::3` beats `::0.5`), then by content (stopwords count
 * for little) and position (earlier words usually name the subject).
 */
export function termsOf(text: string): PromptTerms {
  const parts = segmentsOf(text);
  const terms: Term[] = [];
  parts.forEach((part, segment) => {
    part.text.split(',').forEach((phrase, p) => {
      for (const word of phrase.split(/\s+/).filter(Boolean)) {
        terms.push({ word, segment, phrase: p, score: 0 });
      }
    });
  });
  terms.forEach((t, i) => {
    const seg = parts[t.segment]?.segment;
    const weight = seg?.weight ?? 1;
    const content = STOPWORDS.has(t.word.toLowerCase().replace(/[^a-z]/g, '')) ? 0.1 : 1;
    // Negative weights say what to leave out of the picture: never drop them.
    const w = weight < 0 ? 100 : weight;
    // The word written against `::N` (castle::3) is the one the weight is meant for.
    const head = seg?.marker && terms[i + 1]?.segment !== t.segment ? 2 : 1;
    t.score = w * head * content * (1 - (0.5 * i) / Math.max(1, terms.length));
  });
  return { terms, segments: parts.map((p) => p.segment) };
}

export const isContent = (t: Term): boolean => t.score > 0 && !STOPWORDS.has(t.word.toLowerCase());

/** The kept terms written back: phrases joined by commas, segments by their markers. */
export function assemble(kept: readonly Term[], segments: readonly Segment[]): string {
  const out: string[] = [];
  segments.forEach((seg, s) => {
    const mine = kept.filter((t) => t.segment === s);
    if (mine.length === 0) return;
    const phrases: string[][] = [];
    let last = -1;
    for (const t of mine) {
      if (t.phrase !== last) phrases.push([]);
      phrases.at(-1)?.push(t.word);
      last = t.phrase;
    }
    const text = phrases.map((p) => p.join(' ')).join(', ');
    out.push(seg.marker ? `${text}${seg.marker}` : text);
  });
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
