import { cn } from '../lib/cn';
import { useStreamLive } from '../lib/stream-store';

/**
 * A dot and a word in the header: green "Live" while events arrive, amber "Polling" while
 * the feed falls back to asking; screen readers hear the whole sentence.
 */
export function StreamIndicator() {
  const live = useStreamLive();
  const text = live ? 'Live updates on' : 'Live updates paused — polling';
  return (
    <span role="status" title={text} className="flex items-center gap-1.5 text-xs text-zinc-300">
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', live ? 'bg-emerald-400' : 'bg-amber-400')}
      />
      <span aria-hidden="true">{live ? 'Live' : 'Polling'}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
