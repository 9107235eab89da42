/** Where the person's theme choice is kept in the browser (lib/theme.ts). */
export const THEME_STORAGE_KEY = 'studio.theme';

/**
 * Sets `data-theme` on <html> as `startTheme` (lib/theme.ts) will, from the stored choice
 * and the browser's `prefers-color-scheme`: run in index.html's head, before the
 * stylesheet (the build puts it there, vite.config.ts), so that the first paint, the
 * studio's frame or a drawn first screen, is in the person's theme. Without it a light
 * theme showed the dark frame until the app's script had run. Plain script text, its own
 * scope; the studio server allows it by its hash in the Content-Security-Policy
 * (src/main.ts). `theme-script.test.ts` holds it to `startTheme`'s answers.
 */
export const THEME_SCRIPT =
  '(function(){var c;' +
  `try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}` +
  "if(c!=='light'&&c!=='dark')c=matchMedia('(prefers-color-scheme: light)').matches?'light':'dark';" +
  "document.documentElement.setAttribute('data-theme',c)})()";
