/**
 * One left-to-right pass over a prompt that finds its `--flags`. The service answers a
 * create only after parsing its prompt, a refused one included, so the cost must stay in
 * proportion to the prompt's length whatever it holds: a regex such as
 * `/(^|\s+)--([A-Za-z][\w.-]*)/g` retries its `\s+` at every space of a long run and
 * took about 100 ms on one 8 KB prompt of spaces. This scanner only moves forward.
 */

/** Exactly the code units JavaScript's `\s` matches (without the `u` flag). */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
/** `[\w.-]`: what a flag's name may hold after its first letter. */
const isNameChar = (code: number) =>
  isLetter(code) ||
  (code >= 0x30 && code <= 0x39) ||
  code === 0x5f ||
  code === 0x2e ||
  code === 0x2d;
const DASH = 0x2d;

/** The index of the first non-space character in `s` from `from`, at most `to`. */
export function skipSpace(s: string, from: number, to: number): number {
  let i = from;
  while (i < to && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** The index after the last non-space character of `s` in [from, to), or `from`. */
export function trimSpaceEnd(s: string, from: number, to: number): number {
  let i = to;
  while (i > from && isSpace(s.charCodeAt(i - 1))) i--;
  return i;
}

/** Where one `--flag` stands: indexes into the prompt. */
export interface FlagMark {
  /** Start of the whitespace before `--` (the whole run; none at the prompt's start). */
  lead: number;
  /** Start of the `--`. */
  dashes: number;
  /** End of the name; its value starts here. */
  end: number;
}

/** `--` then a letter: the start of a flag when it opens the prompt or follows whitespace. */
const opensFlag = (s: string, at: number) =>
  s.charCodeAt(at) === DASH && s.charCodeAt(at + 1) === DASH && isLetter(s.charCodeAt(at + 2));

function nameEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && isNameChar(s.charCodeAt(i))) i++;
  return i;
}

/**
 * Every flag of the prompt, in order. A `--` inside a word (`well--known`, a URL's
 * `a--b`) or not followed by a letter (`--`, `--7`) opens no flag.
 */
export function flagMarks(s: string): FlagMark[] {
  const marks: FlagMark[] = [];
  let i = 0;
  if (opensFlag(s, 0)) {
    i = nameEnd(s, 3);
    marks.push({ lead: 0, dashes: 0, end: i });
  }
  while (i < s.length) {
    if (!isSpace(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const dashes = skipSpace(s, i, s.length);
    if (opensFlag(s, dashes)) {
      const end = nameEnd(s, dashes + 3);
      marks.push({ lead: i, dashes, end });
      i = end;
    } else {
      i = dashes;
    }
  }
  return marks;
}
