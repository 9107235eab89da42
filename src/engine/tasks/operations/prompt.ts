import type { ParsedPrompt } from '@/contract/prompt-flags';
import { flagSpec, getFlag, parsePrompt, validateFlags } from '@/contract/prompt-flags';
import { httpUrlsIn } from '@/contract/urls';
import { badRequest } from '../rules/rejection';
import { checkFetchUrl } from './fetched';

/**
 * Image URLs a prompt holds must parse: image prompts and a video's start image in the
 * text, and the values of URL flags (`--sref`, `--cref`, `--end`), whose flag check
 * takes anything that begins with http(s)://. Otherwise the task would fail later.
 */
function checkPromptUrls(field: string, parsed: ParsedPrompt): void {
  for (const url of httpUrlsIn(parsed.text)) checkFetchUrl(field, url, 'the image URL');
  for (const flag of parsed.flags) {
    if (flagSpec(flag.written)?.kind !== 'urls') continue;
    for (const url of httpUrlsIn(flag.value)) checkFetchUrl(field, url, `--${flag.written}`);
  }
}

/** Parses a prompt field and refuses it with every flag problem, naming the field. */
export function checkedPrompt(field: string, prompt: string): ParsedPrompt {
  const parsed = parsePrompt(prompt);
  const problems = validateFlags(parsed);
  if (problems.length > 0) {
    throw badRequest(`${field}: ${problems.map((p) => p.message).join('; ')}`);
  }
  checkPromptUrls(field, parsed);
  return parsed;
}

/** A number flag's value, already validated by `validateFlags`. */
export function numberFlag(p: ParsedPrompt, name: string): number | undefined {
  const flag = getFlag(p, name);
  return flag ? Number(flag.value) : undefined;
}

/** `--seed N`, or a seed derived from the job id so a re-run attempt paints the same images. */
export function seedOf(p: ParsedPrompt, jobId: string): number {
  return numberFlag(p, 'seed') ?? Number.parseInt(jobId.replace(/-/g, '').slice(0, 8), 16) >>> 0;
}

/** `--no red, blue cars` → ['red', 'blue cars']. */
export function noWords(p: ParsedPrompt): string[] {
  const value = getFlag(p, 'no')?.value ?? '';
  return value
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

/** True when the prompt picks one of the v5 models, the only ones with upscale types 2 and 3. */
export function isV5(prompt: string): boolean {
  const v = getFlag(parsePrompt(prompt), 'v')?.value ?? '';
  return v === '5' || v === '5.1' || v === '5.2';
}
