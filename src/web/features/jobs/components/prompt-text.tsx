import { parsePrompt } from '@/contract/prompt-flags';

/** The prompt with its --flags set apart, as people scan for the words first. */
export function PromptText({ prompt }: { prompt: string }) {
  const parsed = parsePrompt(prompt.trim());
  const flags = parsed.flags.map((f) => `--${f.written}${f.value ? ` ${f.value}` : ''}`);
  return (
    <p className="text-sm leading-relaxed break-words text-zinc-200">
      {parsed.text.trim()}
      {flags.length > 0 ? (
        <span className="ml-1.5 font-mono text-xs text-zinc-500">{flags.join(' ')}</span>
      ) : null}
    </p>
  );
}
