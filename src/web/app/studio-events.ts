import type { QueryClient } from '@tanstack/react-query';
import type { StudioEvent } from '@/contract/events';
import { accountQueries, applyAccountChanged } from '../features/account';
import {
  applyJobChanged,
  applyJobRemoved,
  applyQueuePlaces,
  refetchJobLists,
  refetchJobs,
} from '../jobs/api/job-events';
import { uploadQueries } from '../lib/uploads/uploads';
import { connectEventStream } from '../lib/events/event-stream';
import { takeEventPosition } from '../lib/events/position';
import { streamActions } from '../lib/events/stream-store';
import { upstreamReported } from '../lib/events/upstream-store';
import { goToSignIn } from '../lib/sign-in';

const EVENTS_URL = '/studio-api/events';

/** Where each event goes. The app wires it, since it touches more than one feature. */
export function applyStudioEvent(client: QueryClient, event: StudioEvent): void {
  switch (event.event) {
    case 'job':
      applyJobChanged(client, event.data.job);
      return;
    case 'job-removed':
      applyJobRemoved(client, event.data.id);
      return;
    case 'queue':
      applyQueuePlaces(client, event.data.places);
      return;
    case 'reset':
      void refetchJobs(client);
      void client.invalidateQueries({ queryKey: accountQueries.all() });
      return;
    case 'status':
      // The tools feature reads uploads' state from GET /studio-api/status; same data.
      client.setQueryData(uploadQueries.status().queryKey, event.data.uploads);
      upstreamReported(event.data.upstream);
      return;
    case 'account':
      applyAccountChanged(client, event.data.account);
      return;
    case 'signed-out':
      goToSignIn(true);
      return;
  }
}

/** Opens the app's one event stream into `client`'s caches; the function returned closes it. */
export function openStudioEvents(client: QueryClient): () => void {
  const { streamOpened, streamLost } = streamActions();
  const close = connectEventStream({
    url: EVENTS_URL,
    // The lists read before the stream opened (the feed's, sent as the page started) are
    // brought up to date by the events that followed their reads.
    from: takeEventPosition,
    onEvent: (event) => applyStudioEvent(client, event),
    onOpen: (reconnected) => {
      streamOpened();
      if (!reconnected) return;
      void refetchJobLists(client);
      // Changes while the stream was down were pushed to nobody.
      void client.invalidateQueries({ queryKey: accountQueries.all() });
    },
    onLost: streamLost,
  });
  return () => {
    close();
    streamLost();
  };
}
