import type { ShortenRequest } from '@/contract/requests/shorten';
import { parsePrompt } from '@/contract/prompt-flags';
import { costOf } from '@/contract/costs';
import { badRequest } from '../rules/rejection';
import type { StoredTextOutput } from '@/engine/db/stored-output';
import { checkedPrompt } from './prompt';
import type { Term } from './shorten-terms';
import { assemble, isContent, termsOf } from './shorten-terms';
import type { OperationImpl } from './types';

/** Share of the content words each of the five suggestions keeps, mildest first. */
const KEEP = [0.8, 0.65, 0.5, 0.38, 0.25];

/** The flags exactly as written, so every suggestion keeps them. */
const flagsOf = (prompt: string): string =>
  parsePrompt(prompt)
    .flags.map((f) => `--${f.written}${f.sep}${f.value}`)
    .join(' ');

/** The top `n` content terms by score, in their original order; stopwords all go. */
function keepTop(terms: readonly Term[], n: number): Term[] {
  const chosen = new Set(
    [...terms]
      .filter(isContent)
      .sort((a, b) => b.score - a.score)
      .slice(0, n),
  );
  return terms.filter((t) => chosen.has(t));
}

function suggestions(prompt: string): { prompts: string[]; removed: string[][] } {
  const { text } = parsePrompt(prompt);
  const { terms, segments } = termsOf(text);
  const content = terms.filter(isContent).length;
  // Dropping the glue words alone already shortens a prompt; otherwise a word must go.
  const most = terms.length > content ? content : content - 1;
  const flags = flagsOf(prompt);
  const prompts: string[] = [];
  const removed: string[][] = [];
  for (const share of KEEP) {
    const n = Math.max(1, Math.min(most, Math.round(content * share)));
    const kept = keepTop(terms, n);
    prompts.push([assemble(kept, segments), flags].filter(Boolean).join(' '));
    removed.push([...new Set(terms.filter((t) => !kept.includes(t)).map((t) => t.word))]);
  }
  return { prompts, removed };
}

/**
 * Five shorter versions of a long prompt: flags kept as written, `::N` weighted terms
 * kept first, then content words, earlier before later; the description lists what
 * each version dropped.
 */
export const shortenOperation: OperationImpl<ShortenRequest> = {
  plan(req) {
    const p = checkedPrompt('prompt', req.prompt);
    const { terms } = termsOf(p.text);
    if (terms.filter(isContent).length < 2 && terms.length < 2) {
      throw badRequest('prompt: needs at least two words before its --flags to shorten');
    }
    return {
      prompt: req.prompt,
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'shorten', speed: 'fast' }),
    };
  },
  async run(_task, req): Promise<StoredTextOutput> {
    const { prompts, removed } = suggestions(req.prompt);
    const description = removed
      .map((words, i) => `${i + 1}. removed: ${words.join(', ') || '(nothing)'}`)
      .join('\n');
    return {
      kind: 'text',
      prompts,
      promptEn: prompts.join('\n'),
      description,
      finalPrompt: prompts[2] ?? prompts[0] ?? '',
    };
  },
};
