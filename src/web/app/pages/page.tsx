import type { ReactNode } from 'react';

interface PageProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** The frame every page shares: a heading people and screen readers land on. */
export function Page({ title, description, children }: PageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-3 py-4 sm:px-6 sm:py-6">
      <div>
        <h1 className="text-lg font-semibold text-zinc-100">{title}</h1>
        {description ? <p className="mt-0.5 text-sm text-zinc-500">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
