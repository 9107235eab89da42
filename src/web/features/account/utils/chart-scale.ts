/**
 * The value axis of a bar chart: a "nice" top (1, 2 or 5 times a power of ten per step)
 * at or above the largest bar, and the ticks from 0 to it.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    ticks.push(v);
    if (v >= max) break;
  }
  return ticks;
}

/** Which day labels fit: every n-th, so that at most `most` are shown. */
export const labelStep = (days: number, most = 12): number => Math.max(1, Math.ceil(days / most));
