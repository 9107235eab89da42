import type { ReactNode } from 'react';
import type { ThemeChoice } from '../lib/theme';
import { nextThemeChoice, useThemeChoice, useThemeChosen } from '../lib/theme';

const ICONS: Record<ThemeChoice, ReactNode> = {
  system: (
    <>
      <rect x="3" y="4" width="14" height="10" rx="1.5" />
      <path d="M7.5 17h5" strokeLinecap="round" />
    </>
  ),
  light: (
    <>
      <circle cx="10" cy="10" r="3.5" />
      <path
        d="M10 2.5v1.5M10 16v1.5M2.5 10H4M16 10h1.5M4.7 4.7l1 1M14.3 14.3l1 1M4.7 15.3l1-1M14.3 5.7l1-1"
        strokeLinecap="round"
      />
    </>
  ),
  dark: <path d="M15.5 12.5A6.5 6.5 0 0 1 7.5 4.5a6.5 6.5 0 1 0 8 8Z" strokeLinejoin="round" />,
};

const NAMES: Record<ThemeChoice, string> = {
  system: 'as the system',
  light: 'light',
  dark: 'dark',
};

/** One button in the header: system → light → dark, remembered in this browser. */
export function ThemeToggle() {
  const choice = useThemeChoice();
  const chosen = useThemeChosen();
  const next = nextThemeChoice(choice);
  return (
    <button
      type="button"
      onClick={() => chosen(next)}
      aria-label={`Theme: ${NAMES[choice]}. Switch to ${NAMES[next]}`}
      title={`Theme: ${NAMES[choice]}`}
      className="grid size-8 place-items-center rounded-md text-zinc-300 hover:bg-zinc-800 hover:text-zinc-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 fill-none stroke-current stroke-[1.6]"
      >
        {ICONS[choice]}
      </svg>
    </button>
  );
}
