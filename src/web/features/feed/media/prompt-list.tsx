import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';

interface PromptListProps {
  prompts: string[];
  /** Puts a prompt into the prompt box; the app layer decides where that is. */
  onUsePrompt: ((prompt: string) => void) | undefined;
}

/** The text result of describe and shorten: one prompt per line, ready to use or copy. */
export function PromptList({ prompts, onUsePrompt }: PromptListProps) {
  return (
    <ol className="@container space-y-2">
      {prompts.map((prompt, i) => (
        <li
          key={`${i}-${prompt}`}
          className="flex flex-col gap-2 rounded-md border border-zinc-800 bg-zinc-950/40 p-3 @lg:flex-row @lg:items-start"
        >
          <p className="min-w-0 flex-1 text-sm leading-relaxed break-words text-zinc-200">
            <span aria-hidden="true" className="mr-2 font-mono text-xs text-zinc-500">
              {i + 1}.
            </span>
            {prompt}
          </p>
          <div className="flex shrink-0 gap-1">
            {onUsePrompt ? (
              <Button
                size="sm"
                aria-label={`Use prompt ${i + 1}`}
                onClick={() => onUsePrompt(prompt)}
              >
                Use prompt
              </Button>
            ) : null}
            <CopyButton text={prompt} label={`Copy prompt ${i + 1}`} />
          </div>
        </li>
      ))}
    </ol>
  );
}
