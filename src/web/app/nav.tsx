import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { prefetchPage } from './pages/lazy-pages';
import type { Route } from './router';
import { routeHref } from './router';
import { useMayCreate, useMayManagePeople } from './use-may-create';

const ITEMS: { route: Route; label: string; icon: ReactNode }[] = [
  {
    route: 'create',
    label: 'Create',
    icon: <path d="M10 3.5v13M3.5 10h13" strokeLinecap="round" />,
  },
  {
    route: 'tools',
    label: 'Tools',
    icon: (
      <>
        <path d="M4 5.5h12M4 10h12M4 14.5h12" strokeLinecap="round" />
        <circle cx="7" cy="5.5" r="1.6" className="fill-zinc-950" />
        <circle cx="13" cy="10" r="1.6" className="fill-zinc-950" />
        <circle cx="9" cy="14.5" r="1.6" className="fill-zinc-950" />
      </>
    ),
  },
  {
    route: 'library',
    label: 'Library',
    icon: (
      <>
        <rect x="3" y="3" width="6" height="6" rx="1" />
        <rect x="11" y="3" width="6" height="6" rx="1" />
        <rect x="3" y="11" width="6" height="6" rx="1" />
        <rect x="11" y="11" width="6" height="6" rx="1" />
      </>
    ),
  },
  {
    route: 'collections',
    label: 'Collections',
    icon: (
      <path
        d="M2.5 5.5a1 1 0 0 1 1-1h4l1.5 2h7.5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1z"
        strokeLinejoin="round"
      />
    ),
  },
  {
    route: 'account',
    label: 'Account',
    icon: (
      <>
        <circle cx="10" cy="7" r="3.5" />
        <path d="M3.5 17c.8-3.2 3.4-5 6.5-5s5.7 1.8 6.5 5" strokeLinecap="round" />
      </>
    ),
  },
  {
    route: 'people',
    label: 'People',
    icon: (
      <>
        <circle cx="7.5" cy="7.5" r="2.8" />
        <circle cx="14" cy="8.5" r="2.2" />
        <path d="M2.5 16.5c.6-2.6 2.6-4.2 5-4.2s4.4 1.6 5 4.2" strokeLinecap="round" />
        <path d="M13 12.4c2 0 3.8 1.3 4.4 3.6" strokeLinecap="round" />
      </>
    ),
  },
];

interface NavProps {
  current: Route;
  /** A column beside the content, or a bar of four along the bottom of a narrow screen. */
  layout: 'side' | 'bottom';
}

/** What a viewer, who may not create, is not shown. */
const CREATING: readonly Route[] = ['create', 'tools'];

/** The bottom bar's columns by how many links it has (whole class names for Tailwind). */
const COLUMNS = [
  '',
  'grid-cols-1',
  'grid-cols-2',
  'grid-cols-3',
  'grid-cols-4',
  'grid-cols-5',
  'grid-cols-6',
];

export function Nav({ current, layout }: NavProps) {
  const bottom = layout === 'bottom';
  const mayCreate = useMayCreate();
  // Only admins and owners see People: the studio refuses its lists to anyone else.
  const mayManage = useMayManagePeople();
  const items = ITEMS.filter(
    (i) => (mayCreate || !CREATING.includes(i.route)) && (mayManage || i.route !== 'people'),
  );
  const columns = COLUMNS[items.length] ?? 'grid-cols-5';
  return (
    <nav
      aria-label="Main"
      className={cn(bottom ? `grid ${columns} gap-1 p-1.5` : 'flex flex-col gap-1 p-3')}
    >
      {items.map(({ route, label, icon }) => (
        <a
          key={route}
          href={routeHref(route)}
          onPointerEnter={() => prefetchPage(route)}
          onFocus={() => prefetchPage(route)}
          aria-current={current === route ? 'page' : undefined}
          className={cn(
            'flex items-center rounded-md transition-colors',
            bottom
              ? 'min-h-12 flex-col justify-center gap-1 px-1 py-1.5 text-xs'
              : 'gap-2.5 px-3 py-2 text-sm',
            current === route
              ? 'bg-zinc-800 text-zinc-100'
              : 'text-zinc-300 hover:bg-zinc-900 hover:text-zinc-100',
          )}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4 fill-none stroke-current stroke-[1.6]"
          >
            {icon}
          </svg>
          {label}
        </a>
      ))}
    </nav>
  );
}
