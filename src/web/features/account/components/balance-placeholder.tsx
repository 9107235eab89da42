import { cn } from '@/web/lib/cn';

/** The header badge's frame, which its states share. */
export const BALANCE_BADGE =
  'flex h-8 items-center gap-2 rounded-md border border-zinc-800 bg-zinc-900 px-3 text-xs hover:border-zinc-700';

/** The header badge while the balance is on its way (or the badge's own code is). */
export function BalancePlaceholder({ href }: { href: string }) {
  return (
    <a href={href} aria-label="Balance: loading" className={cn(BALANCE_BADGE, 'text-zinc-500')}>
      <span className="h-2 w-16 animate-pulse rounded bg-zinc-800" aria-hidden="true" />
    </a>
  );
}
