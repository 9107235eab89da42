import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

interface ErrorBannerProps {
  title: string;
  hint?: string | null;
  /** A page where the user can act on it, shown under the hint. */
  link?: { href: string; label: string } | undefined;
  /** The refused request's id, for the operator's logs (see describeError). */
  reference?: string | undefined;
  /**
   * Announce it (role="alert") when it appears in answer to an action. Errors that are
   * part of stored data, like a failed job in the feed, must not interrupt on every load.
   */
  live?: boolean;
  action?: ReactNode;
  className?: string;
}

export function ErrorBanner({
  title,
  hint,
  link,
  reference,
  live = true,
  action,
  className,
}: ErrorBannerProps) {
  return (
    <div
      role={live ? 'alert' : undefined}
      className={cn(
        'flex items-start gap-3 rounded-md border border-red-500/30 bg-red-500/10 px-3 py-2.5 text-sm',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-red-400">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.2h1.8v5.6H9.1V5.7Zm0 7.2h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-red-200">{title}</p>
        {hint ? <p className="mt-0.5 text-red-300/80">{hint}</p> : null}
        {link ? (
          <a href={link.href} className="mt-1 inline-block font-medium text-red-100 underline">
            {link.label}
          </a>
        ) : null}
        {reference ? (
          <p className="mt-1 text-xs text-red-300/70">
            Reference <code className="font-mono select-all">{reference}</code>
          </p>
        ) : null}
      </div>
      {action}
    </div>
  );
}
