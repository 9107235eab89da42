import { usePromptActions, useUploadPreviews } from '../stores/prompt-store';
import { IMAGE_ROLES, imagePromptsOf } from '@/web/jobs/utils/image-prompts';

/**
 * The image prompts of the prompt as chips above the textarea. They are read from the
 * text on every render, so typing a URL or a `--sref` by hand shows a chip too.
 */
export function ImagePromptChips({ prompt }: { prompt: string }) {
  const images = imagePromptsOf(prompt);
  const previews = useUploadPreviews();
  const { imagePromptRemoved, imageRoleChosen } = usePromptActions();
  if (images.length === 0) return null;
  return (
    <ul aria-label="Image prompts" className="flex flex-wrap gap-2 px-3 pt-3">
      {images.map((image, i) => {
        const name = `image prompt ${i + 1}`;
        return (
          <li
            key={`${image.role}-${image.at}-${image.url}`}
            aria-label={`Image prompt ${i + 1}`}
            title={image.url}
            className="flex items-center gap-1.5 rounded-md bg-zinc-800 p-1 pr-1.5 ring-1 ring-zinc-700"
          >
            <Thumbnail src={previews[image.url]} />
            <select
              aria-label={`Role of ${name}`}
              value={image.role}
              onChange={(e) => {
                const role = IMAGE_ROLES.find((r) => r.role === e.target.value)?.role;
                if (role) imageRoleChosen(image, role);
              }}
              className="h-7 rounded bg-zinc-900 px-1 text-xs text-zinc-200 ring-1 ring-zinc-700"
            >
              {IMAGE_ROLES.map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
            </select>
            <RemoveButton label={`Remove ${name}`} onClick={() => imagePromptRemoved(image)} />
          </li>
        );
      })}
    </ul>
  );
}

/** The uploaded image itself; a URL typed by hand gets a generic picture icon. */
function Thumbnail({ src }: { src: string | undefined }) {
  if (src) return <img src={src} alt="" className="size-9 rounded object-cover" />;
  return (
    <span className="flex size-9 items-center justify-center rounded bg-zinc-900 text-zinc-500">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-none stroke-current">
        <rect x="3" y="4" width="14" height="12" rx="2" strokeWidth="1.5" />
        <path d="m3 14 4-4 3 3 2-2 5 5" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-6 items-center justify-center rounded text-zinc-400 hover:bg-zinc-700 hover:text-zinc-100"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 stroke-current stroke-2">
        <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
      </svg>
    </button>
  );
}
