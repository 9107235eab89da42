import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme } from './theme';
import { THEME_SCRIPT, THEME_STORAGE_KEY } from './theme-script';

/** THEME_SCRIPT run as a page's head runs it: the theme it set, and the names it left. */
function runScript(stored: string | null | Error, prefersLight: boolean) {
  const attributes = new Map<string, string>();
  const page = {
    localStorage: {
      getItem(key: string) {
        if (stored instanceof Error) throw stored;
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({
      matches: query === '(prefers-color-scheme: light)' && prefersLight,
    }),
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
  };
  const before = Object.keys(page);
  runInNewContext(THEME_SCRIPT, page);
  return {
    theme: attributes.get('data-theme'),
    left: Object.keys(page).filter((k) => !before.includes(k)),
  };
}

describe("index.html's theme script", () => {
  const stored = [null, 'system', 'light', 'dark', 'sepia', ''];
  it.each(stored.flatMap((s) => [true, false].map((light) => [s, light] as const)))(
    'sets the theme the app will, stored %j, the browser preferring light: %s',
    (choice, prefersLight) => {
      expect(runScript(choice, prefersLight).theme).toBe(
        resolveTheme(parseThemeChoice(choice), prefersLight),
      );
    },
  );

  it('follows the browser when storage is refused, and leaves no name behind', () => {
    const refused = new Error('SecurityError: storage is disabled');
    expect(runScript(refused, true)).toEqual({ theme: 'light', left: [] });
    expect(runScript(refused, false)).toEqual({ theme: 'dark', left: [] });
    expect(runScript('light', false).left).toEqual([]);
  });
});
