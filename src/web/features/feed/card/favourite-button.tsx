import { Button } from '@/web/components/ui/button';
import { ErrorBanner } from '@/web/components/ui/error-banner';
import { cn } from '@/web/lib/cn';
import { describeError } from '@/web/lib/describe-error';
import type { Favourite } from './use-favourite';

/** The star on a job card. Its name says what a press does, aria-pressed what it is. */
export function FavouriteButton({ favourite }: { favourite: Favourite }) {
  const { on, toggle } = favourite;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? 'Unfavourite' : 'Favourite'}
      title={on ? 'Remove from favourites' : 'Add to favourites'}
      onClick={toggle}
      className={cn(
        'grid size-7 place-items-center rounded-md transition-colors hover:bg-zinc-800',
        on ? 'text-amber-300 hover:text-amber-200' : 'text-zinc-500 hover:text-zinc-200',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={cn('size-4 stroke-current stroke-[1.5]', on ? 'fill-current' : 'fill-none')}
      >
        <path
          strokeLinejoin="round"
          d="m10 2.6 2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5-3.6-3.5 5-.7L10 2.6Z"
        />
      </svg>
    </button>
  );
}

/** Why the star went back: the server refused the change. */
export function FavouriteError({ favourite }: { favourite: Favourite }) {
  const { error, dismissError } = favourite;
  if (!error) return null;
  const { title, hint } = describeError(error.cause);
  const reason = /[.!?]$/.test(title) ? title : `${title}.`;
  return (
    <ErrorBanner
      title={error.on ? 'Could not add to favourites' : 'Could not remove from favourites'}
      hint={hint ? `${reason} ${hint}` : reason}
      action={
        <Button size="sm" variant="ghost" onClick={dismissError}>
          Dismiss
        </Button>
      }
    />
  );
}
