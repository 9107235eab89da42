import type { ReactNode } from 'react';

/** A card of a page with a heading, what goes under the heading (`head`), and its body. */
export function SectionCard(props: {
  id: string;
  title: string;
  head?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className="mt-8 rounded-lg border border-zinc-800 bg-zinc-900/60"
    >
      <header className="space-y-2 border-b border-zinc-800 px-5 py-4">
        <h2 id={props.id} className="text-base font-semibold text-zinc-100">
          {props.title}
        </h2>
        {props.head}
      </header>
      {props.children}
    </section>
  );
}
