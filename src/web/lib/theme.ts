import { create } from 'zustand';
import { THEME_STORAGE_KEY } from './theme-script';

/** What the person chose; `system` follows the browser's `prefers-color-scheme`. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** A stored value from an older build or typed by hand is taken for `system`. */
export function parseThemeChoice(value: string | null): ThemeChoice {
  return CHOICES.find((c) => c === value) ?? 'system';
}

export function resolveTheme(choice: ThemeChoice, prefersLight: boolean): Theme {
  if (choice !== 'system') return choice;
  return prefersLight ? 'light' : 'dark';
}

/** The toggle's order: system → light → dark → system. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length] ?? 'system';
}

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be refused (private modes, blocked cookies): the default still works.
    return 'system';
  }
}

const lightQuery = () => window.matchMedia('(prefers-color-scheme: light)');

/** Sets `data-theme` on <html>, which styles.css reads; charts read their colours from it too. */
function apply(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolveTheme(choice, lightQuery().matches);
}

interface ThemeState {
  choice: ThemeChoice;
  chosen: (choice: ThemeChoice) => void;
}

const useThemeStore = create<ThemeState>()((set) => ({
  choice: 'system',
  chosen: (choice) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, choice);
    } catch {
      // Not remembered, but still applied for this visit.
    }
    apply(choice);
    set({ choice });
  },
}));

/**
 * Applies the remembered choice before the first render, and follows the browser's
 * preference while the choice is `system`.
 */
export function startTheme(): void {
  const choice = readChoice();
  useThemeStore.setState({ choice });
  apply(choice);
  lightQuery().addEventListener('change', () => apply(useThemeStore.getState().choice));
}

export const useThemeChoice = (): ThemeChoice => useThemeStore((s) => s.choice);
export const useThemeChosen = (): ThemeState['chosen'] => useThemeStore((s) => s.chosen);
