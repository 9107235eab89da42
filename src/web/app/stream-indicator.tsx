import { cn } from '../lib/cn';
import { useStreamLive } from '../lib/events/stream-store';
import { outageWords, useUpstreamStatus } from '../lib/events/upstream-store';
import { useOnline } from '../lib/online';
import { useNow } from '../lib/use-now';

/** What the header says while the browser has no network, before anything else. */
const OFFLINE = {
  short: 'Offline',
  long: 'You are offline. The studio cannot load or create anything until the network is back.',
};

/**
 * A dot and a word in the header: green "Live" while events arrive, amber "Polling" while
 * the feed falls back to asking, red "Service unreachable" while the proxy cannot reach
 * the image service or "Offline" while the browser has no network; screen readers hear
 * the whole sentence.
 */
export function StreamIndicator() {
  const live = useStreamLive();
  const online = useOnline();
  const upstream = outageWords(useUpstreamStatus(), useNow());
  const outage = online ? upstream : OFFLINE;
  const text = outage?.long ?? (live ? 'Live updates on' : 'Live updates paused — polling');
  const word = outage?.short ?? (live ? 'Live' : 'Polling');
  return (
    <span role="status" title={text} className="flex items-center gap-1.5 text-xs text-zinc-300">
      <span
        aria-hidden="true"
        className={cn(
          'size-2 shrink-0 rounded-full',
          outage ? 'bg-red-500' : live ? 'bg-emerald-400' : 'bg-amber-400',
        )}
      />
      <span aria-hidden="true">{word}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
