import { parsePrompt } from '@/contract/prompt-flags';
import type { ImagePrompt } from '@/web/jobs/utils/image-prompts';
import { isHttpUrl } from '@/contract/urls';
import { imagePromptsOf, leadingSpans, previewOf } from '@/web/jobs/utils/image-prompts';

const ROLE_WORDS: Record<ImagePrompt['role'], string> = {
  image: 'Image prompt',
  sref: 'Style reference',
  cref: 'Character reference',
};

/** An image prompt as a small picture (its URL on hover), or its host for a remote one. */
function ImageChip({ image }: { image: ImagePrompt }) {
  const preview = previewOf(image.url);
  const name = `${ROLE_WORDS[image.role]} ${image.at + 1}`;
  const host = URL.canParse(image.url) ? new URL(image.url).host : image.url;
  return (
    <span
      title={image.url}
      className="inline-flex items-center gap-1 rounded bg-zinc-800 py-0.5 pr-1.5 pl-0.5 text-xs text-zinc-300"
    >
      {preview ? (
        <img src={preview} alt={name} className="size-6 rounded-sm object-cover" loading="lazy" />
      ) : (
        <span className="sr-only">{name}:</span>
      )}
      <span aria-hidden={preview ? true : undefined}>
        {image.role === 'image' ? '' : `--${image.role} `}
        {preview ? '' : host}
      </span>
    </span>
  );
}

/**
 * The prompt with its --flags set apart, as people scan for the words first; image
 * prompts (leading URLs, `--sref`/`--cref` URLs) as chips, their URLs on hover.
 */
export function PromptText({ prompt }: { prompt: string }) {
  const parsed = parsePrompt(prompt.trim());
  const images = imagePromptsOf(prompt.trim());
  const text = parsed.text.slice(leadingSpans(parsed.text).at(-1)?.end ?? 0).trim();
  const flags = parsed.flags.flatMap((f) => {
    const imageFlag = f.name === 'sref' || f.name === 'cref';
    const value = imageFlag
      ? f.value
          .split(/\s+/)
          .filter((v) => v && !isHttpUrl(v))
          .join(' ')
      : f.value;
    if (imageFlag && !value) return [];
    return [`--${f.written}${value ? ` ${value}` : ''}`];
  });
  return (
    <div className="space-y-1.5">
      {images.length > 0 ? (
        <p className="flex flex-wrap gap-1" aria-label="Image prompts">
          {images.map((image) => (
            <ImageChip key={`${image.role}${image.at}`} image={image} />
          ))}
        </p>
      ) : null}
      <p className="text-sm leading-relaxed break-words text-zinc-200">
        {text}
        {flags.length > 0 ? (
          <span className="ml-1.5 font-mono text-xs text-zinc-500">{flags.join(' ')}</span>
        ) : null}
      </p>
    </div>
  );
}
