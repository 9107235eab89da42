import type { ParsedPrompt } from '@/contract/prompt-flags';
import {
  FLAG_SPECS,
  getFlag,
  hasFlag,
  parsePrompt,
  removeFlag,
  serializePrompt,
  setFlag,
  validateFlags,
} from '@/contract/prompt-flags';
import { PROMPT_MAX } from '@/contract/requests/limits';

export const ASPECT_CHOICES = ['1:1', '16:9', '9:16', '4:3', '3:2', '2:3'] as const;

const versionSpec = FLAG_SPECS.find((s) => s.name === 'v');
export const VERSION_CHOICES: readonly string[] =
  versionSpec?.kind === 'choice' ? versionSpec.values : [];

// Every edit goes through the contract's parser and serializer, so whatever the person
// typed around a flag (spacing, other flags, unknown ones) is kept as written.
const edit = (prompt: string, change: (p: ParsedPrompt) => ParsedPrompt): string =>
  serializePrompt(change(parsePrompt(prompt)));

/** Sets `--ar`; choosing the ratio already set removes it again. */
export const withAspect = (prompt: string, ratio: string): string =>
  edit(prompt, (p) =>
    getFlag(p, 'ar')?.value === ratio ? removeFlag(p, 'ar') : setFlag(p, 'ar', ratio),
  );

/** `''` means the service's default version: no `--v` at all. */
export const withVersion = (prompt: string, version: string): string =>
  edit(prompt, (p) => (version === '' ? removeFlag(p, 'v') : setFlag(p, 'v', version)));

/** An emptied field removes its flag instead of leaving `--stylize` with no value. */
export const withFlagValue = (prompt: string, name: string, value: string): string =>
  edit(prompt, (p) => (value.trim() === '' ? removeFlag(p, name) : setFlag(p, name, value.trim())));

/** A flag without a value (`--tile`, `--draft`): present or not. */
export const withSwitch = (prompt: string, name: string, on: boolean): string =>
  edit(prompt, (p) => (on ? setFlag(p, name, '') : removeFlag(p, name)));

/** `--style raw` on; off removes it, but leaves another style the person typed alone. */
export const withStyleRaw = (prompt: string, on: boolean): string =>
  edit(prompt, (p) => {
    if (on) return setFlag(p, 'style', 'raw');
    return getFlag(p, 'style')?.value === 'raw' ? removeFlag(p, 'style') : p;
  });

/** Turbo on also drops `--fast`, which the service refuses together with `--turbo`. */
export const withTurbo = (prompt: string, on: boolean): string =>
  edit(prompt, (p) => (on ? setFlag(removeFlag(p, 'fast'), 'turbo', '') : removeFlag(p, 'turbo')));

export const QUALITY_CHOICES = ['.5', '1', '2'] as const;
const nijiSpec = FLAG_SPECS.find((s) => s.name === 'niji');
export const NIJI_CHOICES: readonly string[] = nijiSpec?.kind === 'choice' ? nijiSpec.values : [];

/** Flags whose value the helpers edit as text ('' removes the flag). */
export type ValueFlag = 'stylize' | 'chaos' | 'seed' | 'weird' | 'q' | 'no' | 'niji';
/** Flags without a value that the helpers switch on and off. */
export type SwitchFlag = 'tile' | 'draft';

export interface PromptState {
  aspect: string | null;
  version: string;
  stylize: string;
  chaos: string;
  seed: string;
  weird: string;
  quality: string;
  no: string;
  niji: string;
  styleRaw: boolean;
  tile: boolean;
  draft: boolean;
  /** `--draft` only works with `--v 7`. */
  draftAllowed: boolean;
  turbo: boolean;
  length: number;
  /** Everything that stops a submit, one sentence each. */
  problems: string[];
  canSubmit: boolean;
}

/** What the prompt box shows for a prompt: the helpers' values and what is wrong. */
export function promptState(prompt: string): PromptState {
  const parsed = parsePrompt(prompt);
  const problems = validateFlags(parsed).map((p) => p.message);
  const hasText = parsed.text.trim() !== '';
  if (!hasText && parsed.flags.length > 0)
    problems.unshift('Describe the image before the --flags');
  if (prompt.length > PROMPT_MAX) {
    problems.push(`The prompt is ${prompt.length} characters; the limit is ${PROMPT_MAX}`);
  }
  const value = (name: string) => getFlag(parsed, name)?.value ?? '';
  const version = value('v');
  return {
    aspect: getFlag(parsed, 'ar')?.value ?? null,
    version,
    stylize: value('stylize'),
    chaos: value('chaos'),
    seed: value('seed'),
    weird: value('weird'),
    quality: value('q'),
    no: value('no'),
    niji: value('niji'),
    styleRaw: value('style') === 'raw',
    tile: hasFlag(parsed, 'tile'),
    draft: hasFlag(parsed, 'draft'),
    draftAllowed: version === '7',
    turbo: hasFlag(parsed, 'turbo'),
    length: prompt.length,
    problems,
    canSubmit: hasText && problems.length === 0,
  };
}
