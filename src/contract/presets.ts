import * as z from 'zod/mini';
import { parsePrompt, serializePrompt, validateFlags } from './prompt-flags';

/**
 * Presets: a person's named sets of `--flags` and a prompt suffix, applied from the prompt
 * box in one click. Each person sees and changes only their own.
 */

const PRESET_NAME_MAX = 60;
const PRESET_FLAGS_MAX = 1000;
const PRESET_SUFFIX_MAX = 500;
/** The most presets one person keeps. */
export const PRESETS_PER_PERSON = 100;

const nameSchema = z
  .string({ error: `must be a string of 1 to ${PRESET_NAME_MAX} characters` })
  .check(
    z.trim(),
    z.minLength(1, { error: `must be a string of 1 to ${PRESET_NAME_MAX} characters` }),
    z.maxLength(PRESET_NAME_MAX, {
      error: `must be a string of 1 to ${PRESET_NAME_MAX} characters`,
    }),
  );

/**
 * Flags only (`--ar 16:9 --stylize 250`), each checked as a prompt's are: a problem names
 * the flag and what it allows; words outside a flag are refused.
 */
const flagsSchema = z.string({ error: 'must be a string of --flags' }).check(
  z.trim(),
  z.maxLength(PRESET_FLAGS_MAX, { error: `must be at most ${PRESET_FLAGS_MAX} characters` }),
  z.superRefine((flags, ctx) => {
    const parsed = parsePrompt(flags);
    if (parsed.text.trim() !== '') {
      ctx.addIssue({
        code: 'custom',
        message: `must be --flags only; "${parsed.text.trim().slice(0, 40)}" is not a flag (put words in the suffix)`,
      });
    }
    for (const problem of validateFlags(parsed)) {
      ctx.addIssue({ code: 'custom', message: problem.message });
    }
  }),
);

const suffixSchema = z
  .string({ error: `must be a string of at most ${PRESET_SUFFIX_MAX} characters` })
  .check(
    z.trim(),
    z.maxLength(PRESET_SUFFIX_MAX, {
      error: `must be a string of at most ${PRESET_SUFFIX_MAX} characters`,
    }),
  );

/** `POST /studio-api/presets`: a new preset (flags and suffix may be empty, not both). */
export const presetDraftSchema = z
  .strictObject({
    name: nameSchema,
    flags: z._default(flagsSchema, ''),
    suffix: z._default(suffixSchema, ''),
  })
  .check(
    z.refine((p) => p.flags !== '' || p.suffix !== '', {
      error: 'give flags, a suffix or both',
      path: ['flags'],
    }),
  );
export type PresetDraft = z.infer<typeof presetDraftSchema>;

/** `PATCH /studio-api/presets/:id`: what changes (a rename is the name alone). */
export const presetChangeSchema = z.strictObject({
  name: z.optional(nameSchema),
  flags: z.optional(flagsSchema),
  suffix: z.optional(suffixSchema),
});
export type PresetChange = z.infer<typeof presetChangeSchema>;

export const presetSchema = z.object({
  id: z.string(),
  name: z.string(),
  flags: z.string(),
  suffix: z.string(),
  createdAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

export const presetListSchema = z.object({ presets: z.array(presetSchema) });
export const presetEnvelopeSchema = z.object({ preset: presetSchema });

/**
 * A prompt with a preset applied: its own flags replaced by the preset's, the suffix
 * added after its words (once: applying twice changes nothing more). Image prompts and
 * the words stay as written.
 */
export function applyPreset(prompt: string, preset: Pick<Preset, 'flags' | 'suffix'>): string {
  const parsed = parsePrompt(prompt);
  let text = parsed.text.trimEnd();
  const suffix = preset.suffix.trim();
  if (suffix !== '' && !text.endsWith(suffix)) text = text === '' ? suffix : `${text} ${suffix}`;
  const flags = preset.flags.trim();
  if (flags === '') return text;
  return text === '' ? flags : `${text} ${flags}`;
}

/** The flags of a prompt, written as they are: what "Save current flags" keeps. */
export function flagsOf(prompt: string): string {
  const parsed = parsePrompt(prompt);
  return serializePrompt({ text: '', flags: parsed.flags, tail: '' }).trim();
}
