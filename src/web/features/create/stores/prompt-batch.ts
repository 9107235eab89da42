import { expandPrompts, isBatch } from '@/contract/permutations';
import { promptState } from './prompt-edits';

/** A batch as the prompt box shows it: each prompt it sends, or why none can be sent. */
export interface BatchState {
  prompts: string[];
  /** One sentence each: the expansion's refusal, or a prompt's own flag problems. */
  problems: string[];
}

/** The most prompts whose problems are listed; the rest are counted. */
const LISTED = 5;

/** Short enough for one line of the problems list. */
const excerpt = (prompt: string): string =>
  prompt.length > 40 ? `${prompt.slice(0, 39)}…` : prompt;

/**
 * The batch `text` asks for, or null for a single prompt. Each expanded prompt is checked
 * as the single create checks its prompt (flags, words before them, length), so a batch
 * whose third prompt has a bad flag says so before anything is sent.
 */
export function batchState(text: string): BatchState | null {
  if (!isBatch(text)) return null;
  const expansion = expandPrompts(text);
  if (!expansion.ok) return { prompts: [], problems: [expansion.error] };
  const problems: string[] = [];
  let wrong = 0;
  expansion.prompts.forEach((prompt, i) => {
    const own = promptState(prompt).problems;
    if (own.length === 0) return;
    wrong++;
    if (wrong <= LISTED) problems.push(`Prompt ${i + 1} (${excerpt(prompt)}): ${own.join('; ')}`);
  });
  if (wrong > LISTED) problems.push(`…and ${wrong - LISTED} more prompts with problems`);
  return { prompts: expansion.prompts, problems };
}
