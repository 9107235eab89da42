import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { startTheme } from '../lib/theme';
import '../styles.css';
import { ThemeToggle } from './theme-toggle';

const html = document.documentElement;
/** The page's background as the stylesheet paints it for the theme applied. */
const background = () => getComputedStyle(document.body).backgroundColor;

describe('the theme toggle', () => {
  beforeEach(async () => {
    localStorage.clear();
    startTheme();
  });
  afterEach(() => localStorage.clear());

  it('goes system → light → dark → system, paints each, and remembers the choice', async () => {
    const screen = await render(<ThemeToggle />);
    const button = screen.getByRole('button');
    await expect.element(button).toHaveAccessibleName(/^Theme: as the system\. Switch to light$/);
    expect(html.dataset.theme).toBe('dark');
    const dark = background();

    await button.click();
    await expect.element(button).toHaveAccessibleName(/^Theme: light\. Switch to dark$/);
    expect(html.dataset.theme).toBe('light');
    expect(localStorage.getItem('studio.theme')).toBe('light');
    expect(background()).not.toBe(dark);

    await button.click();
    await expect.element(button).toHaveAccessibleName(/^Theme: dark\. Switch to as the system$/);
    expect(html.dataset.theme).toBe('dark');
    expect(background()).toBe(dark);

    await button.click();
    await expect.element(button).toHaveAccessibleName(/^Theme: as the system\./);
    expect(localStorage.getItem('studio.theme')).toBe('system');
  });

  it('starts from the remembered choice, and takes a value it does not know for the system', async () => {
    localStorage.setItem('studio.theme', 'light');
    startTheme();
    const screen = await render(<ThemeToggle />);
    await expect.element(screen.getByRole('button')).toHaveAccessibleName(/^Theme: light\./);
    expect(html.dataset.theme).toBe('light');

    localStorage.setItem('studio.theme', 'sepia');
    startTheme();
    await expect
      .element(screen.getByRole('button'))
      .toHaveAccessibleName(/^Theme: as the system\./);
  });
});
