import type { ParsedPrompt, Speed } from '../../../contract/prompt-flags';
import {
  getFlag,
  hasFlag,
  parsePrompt,
  speedOf,
  validateFlags,
} from '../../../contract/prompt-flags';
import { badRequest } from '../rejection';

/** Parses a prompt field and refuses it with every flag problem, naming the field. */
export function checkedPrompt(field: string, prompt: string): ParsedPrompt {
  const parsed = parsePrompt(prompt);
  const problems = validateFlags(parsed);
  if (problems.length > 0) {
    throw badRequest(`${field}: ${problems.map((p) => p.message).join('; ')}`);
  }
  return parsed;
}

/**
 * The speed a task runs at: a follow-up's own `--fast`/`--turbo` wins, otherwise it
 * inherits its parent's, as the hosted service bills it.
 */
export function speedFrom(own: ParsedPrompt | null, inherited: string): Speed {
  if (own && (hasFlag(own, 'fast') || hasFlag(own, 'turbo'))) return speedOf(own);
  return speedOf(parsePrompt(inherited));
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
