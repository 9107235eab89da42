import { formatNumber } from '@/web/lib/format';
import { MAX_THRESHOLD } from '../stores/threshold-store';

/** `''` clears the alert; otherwise a whole number of credits within bounds, or why not. */
export function parseThreshold(text: string): { credits: number | null } | { error: string } {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (t === '') return { credits: null };
  if (!/^\d+$/.test(t)) return { error: 'Enter a whole number of credits, or leave it empty.' };
  const n = Number(t);
  if (n > MAX_THRESHOLD) return { error: `At most ${formatNumber(MAX_THRESHOLD)} credits.` };
  return { credits: n };
}
