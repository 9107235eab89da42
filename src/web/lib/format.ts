const numberFormat = new Intl.NumberFormat('en-US');
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

export const formatNumber = (n: number): string => numberFormat.format(n);
export const formatUsd = (n: number): string => usdFormat.format(n);

/** `1 credit`, `1,200 credits`, `80 points`: the unit comes from the server. */
export function formatAmount(n: number, unit = 'credit'): string {
  const singular = unit.replace(/s$/, '');
  return `${formatNumber(n)} ${n === 1 ? singular : `${singular}s`}`;
}

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
  return dateFormat.format(then);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** `Nov 27, 2026`: a day, such as since when someone is in the studio. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dayFormat.format(t);
}

export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dateTimeFormat.format(t);
}
