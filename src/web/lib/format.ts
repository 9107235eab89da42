/**
 * A formatter made at its first use, not as the page starts: a page's first `Intl`
 * formatter of any kind loads the browser's locale data, measured at 85–160 ms with the
 * CPU throttled 4× (the next ones 1–7 ms). So the first screen uses none: its numbers are
 * whole ones and its dates a month and a day, which read the same written here, and a
 * card's exact time comes once the page is idle (`job-meta.tsx`).
 */
function madeWhenUsed<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numberFormat = madeWhenUsed(() => new Intl.NumberFormat('en-US'));
const usdFormat = madeWhenUsed(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
);
const dateTimeFormat = madeWhenUsed(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }),
);
const dayFormat = madeWhenUsed(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/**
 * A whole number as en-US writes it: its digits in groups of three, and `-` before a
 * negative one. So the figures of the first screen (the credits beside Generate, a prompt's
 * `0 / 8,192`) need no `NumberFormat`; fractions and `-0` still take one.
 */
function groupedDigits(n: number): string | null {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return null;
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

export const formatNumber = (n: number): string => groupedDigits(n) ?? numberFormat().format(n);
export const formatUsd = (n: number): string => usdFormat().format(n);

/** Credits rounded to a whole one, as budgets show them: `1,235`. */
export const formatWholeCredits = (n: number): string => formatNumber(Math.round(n));

/** `1 credit`, `1,200 credits`, `80 points`: the unit comes from the server. */
export function formatAmount(n: number, unit = 'credit'): string {
  const singular = unit.replace(/s$/, '');
  return `${formatNumber(n)} ${n === 1 ? singular : `${singular}s`}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Nov 20`, in local time: en-US's short month and day. */
const monthAndDay = (d: Date): string => `${MONTHS[d.getMonth()] ?? ''} ${d.getDate()}`;

/** Short relative time for the feed; exact time belongs in a title attribute. */
export function formatRelativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const s = Math.round((now - then) / 1000);
  // Clocks of browser and server differ a little; a small future offset is "now".
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.floor(h / 24);
  if (d < 7) return `${d} d ago`;
  return monthAndDay(new Date(then));
}

/** `Nov 27, 2026`: a day, such as since when someone is in the studio. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dayFormat().format(t);
}

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dateTimeFormat().format(t);
}
