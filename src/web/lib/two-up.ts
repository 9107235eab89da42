let query: MediaQueryList | undefined;

/**
 * Whether the window is wide enough for two cards a row: from Tailwind's `2xl`, as the
 * feed's and the library's grids have them. One query, made at its first use.
 */
export const twoUpQuery = (): MediaQueryList =>
  (query ??= window.matchMedia('(min-width: 1536px)'));
