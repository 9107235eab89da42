import { cn } from '../lib/cn';
import { useStreamLive } from '../lib/stream-store';

/** A dot in the header: green while events arrive, amber while the feed falls back to polling. */
export function StreamIndicator() {
  const live = useStreamLive();
  const text = live ? 'Live updates on' : 'Live updates paused — polling';
  return (
    <span role="status" title={text} className="flex items-center">
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', live ? 'bg-emerald-400' : 'bg-amber-400')}
      />
      <span className="sr-only">{text}</span>
    </span>
  );
}
