import { useState } from 'react';
import { inputClass } from '@/web/components/ui/field';
import { cn } from '@/web/lib/cn';

interface SearchBoxProps {
  /** The search as the URL holds it. */
  value: string;
  onSearch: (q: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}

/**
 * The library's search field. Each keystroke searches at once (Escape clears): the studio
 * answers in milliseconds, the request of the keystroke before is aborted and its results
 * stay, dimmed, until the new ones arrive (the results). A change from outside (Clear all,
 * Back) replaces the text, while the echo of its own search does not, so nothing typed
 * since is lost.
 */
export function SearchBox({ value, onSearch, invalid, describedBy }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    if (value === sent) setSent(null);
    else setDraft(value);
  }

  const search = (q: string) => {
    setSent(q);
    onSearch(q);
  };
  return (
    <div className="relative">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 fill-none stroke-zinc-500 stroke-[1.6]"
      >
        <circle cx="8.5" cy="8.5" r="5" />
        <path d="m12.5 12.5 4 4" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        aria-label="Search prompts"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder="Search prompts: words or their beginnings (lig sto finds “lighthouse in a storm”)"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          search(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (draft !== value) search(draft);
          } else if (e.key === 'Escape' && draft !== '') {
            e.preventDefault();
            setDraft('');
            search('');
          }
        }}
        className={cn(inputClass, 'pl-9')}
      />
    </div>
  );
}
