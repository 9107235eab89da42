/**
 * Batches from one prompt box: permutation prompts, `--repeat`, and a pasted list.
 *
 * - `a {red, blue} car --ar {1:1, 16:9}` is four prompts, the leftmost choice varying
 *   slowest: red 1:1, red 16:9, blue 1:1, blue 16:9. Choices may nest (`{a {big, small}
 *   dog, a cat}`) and may be empty (`a {, small} car`); `\{`, `\}`, `\,` and `\\` are the
 *   characters themselves.
 * - `--repeat N` (or `--r N`, 1 to BATCH_LIMIT) sends a prompt N times; inside a choice it
 *   repeats that choice's prompts only.
 * - A list pasted one prompt per line is each line's prompts in turn.
 *
 * Everything is counted before anything is expanded, so a prompt of twenty two-way choices
 * is refused at once rather than built, and a refusal names the field and the limit.
 * Pure and without schemas: the prompt box previews the expansion as it is typed.
 */

/** The most prompts one batch sends: the hosted web app's own ceiling for its largest plan. */
export const BATCH_LIMIT = 40;

export type Expansion = { ok: true; prompts: string[] } | { ok: false; error: string };

type Part = string | Part[][];

interface Parsed {
  parts: Part[];
  end: number;
}

class PromptError extends Error {}

/** The parts of `text` from `at` up to a `}` or `,` of the enclosing choice (or the end). */
function parseParts(text: string, at: number, nested: boolean): Parsed {
  const parts: Part[] = [];
  let literal = '';
  let i = at;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '\\' && i + 1 < text.length && '{},\\'.includes(text[i + 1] ?? '')) {
      literal += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '{') {
      if (literal) parts.push(literal);
      literal = '';
      const choices: Part[][] = [];
      let j = i + 1;
      for (;;) {
        const choice = parseParts(text, j, true);
        choices.push(choice.parts);
        j = choice.end;
        if (text[j] === '}') break;
        if (text[j] !== ',') {
          throw new PromptError(
            `prompt: the { at character ${i + 1} has no closing }; write \\{ for the character itself.`,
          );
        }
        j++;
      }
      parts.push(choices);
      i = j + 1;
      continue;
    }
    if (ch === '}' || (ch === ',' && nested)) {
      if (!nested) {
        throw new PromptError(
          `prompt: the } at character ${i + 1} closes no {; write \\} for the character itself.`,
        );
      }
      break;
    }
    literal += ch;
    i++;
  }
  if (literal) parts.push(literal);
  return { parts, end: i };
}

/** How many prompts `parts` make, capped just past `limit` so that no product overflows. */
function count(parts: readonly Part[], limit: number): number {
  let n = 1;
  for (const part of parts) {
    if (typeof part === 'string') continue;
    let sum = 0;
    for (const choice of part) sum = Math.min(limit + 1, sum + count(choice, limit));
    n = Math.min(limit + 1, n * sum);
  }
  return n;
}

function expandParts(parts: readonly Part[]): string[] {
  let out = [''];
  for (const part of parts) {
    if (typeof part === 'string') {
      out = out.map((s) => s + part);
      continue;
    }
    const options = part.flatMap((choice) => expandParts(choice));
    out = out.flatMap((s) => options.map((o) => s + o));
  }
  return out;
}

const REPEAT = /(^|\s)--(?:repeat|r)(?:\s+(\S*))?(?=\s|$)/g;

/** A prompt without its `--repeat N`, and N (1 when it has none). */
function takeRepeat(prompt: string, limit: number): { prompt: string; times: number } {
  let times = 1;
  let seen = 0;
  const rest = prompt.replace(REPEAT, (_all, lead: string, value: string | undefined) => {
    seen++;
    const n = Number(value);
    if (value === undefined || !/^\d+$/.test(value) || n < 1 || n > limit) {
      throw new PromptError(
        `--repeat: ${value === undefined ? 'needs a number' : `"${value}" is not allowed`}; give a whole number from 1 to ${limit}.`,
      );
    }
    times = n;
    return lead;
  });
  if (seen > 1) throw new PromptError('--repeat: give it once per prompt.');
  return { prompt: rest, times };
}

const tidy = (prompt: string): string => prompt.replace(/\s+/g, ' ').trim();

const tooMany = (limit: number) =>
  new PromptError(`prompt: this makes more than ${limit} prompts; a batch sends at most ${limit}.`);

/** The prompts one line of the prompt box adds to `already` made, or why it cannot be sent. */
function expandLine(line: string, already: number, limit: number): string[] {
  const { parts } = parseParts(line, 0, false);
  if (already + count(parts, limit) > limit) throw tooMany(limit);
  const prompts: string[] = [];
  for (const expanded of expandParts(parts)) {
    const { prompt, times } = takeRepeat(expanded, limit);
    const text = tidy(prompt);
    if (text === '') continue;
    if (already + prompts.length + times > limit) throw tooMany(limit);
    for (let k = 0; k < times; k++) prompts.push(text);
  }
  return prompts;
}

/**
 * Every prompt the text sends, in order: each non-empty line's permutations and repeats.
 * A prompt that is empty once expanded (`{, }` alone) is left out.
 */
export function expandPrompts(text: string, limit: number = BATCH_LIMIT): Expansion {
  try {
    const prompts: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      prompts.push(...expandLine(line, prompts.length, limit));
    }
    if (prompts.length === 0) return { ok: false, error: 'prompt: write a prompt to send.' };
    return { ok: true, prompts };
  } catch (err) {
    if (err instanceof PromptError) return { ok: false, error: err.message };
    throw err;
  }
}

export { isBatch } from './batch-text';
