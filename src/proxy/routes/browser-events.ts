import { Hono } from 'hono';
import type { StudioStatus } from '@/contract/studio-api';
import { callerOf } from '../auth/access';
import type { EventHub } from '../browser-events/hub';
import { StudioHttpError, studioError } from '../studio-error';

/** `/studio-api/events` (the SSE stream) and `/studio-api/status`. */
export function browserEventRoutes(hub: EventHub, status: () => StudioStatus): Hono {
  const app = new Hono();
  app.get('/events', (c) => {
    // EventSource sends the header when it reconnects; the query is for a first connect
    // that resumes from an id the page kept.
    const last = c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? null;
    const stream = hub.open(last, callerOf(c).id);
    if (!stream) {
      throw new StudioHttpError(
        studioError(
          503,
          'unavailable',
          'The studio is not taking event streams right now.',
          'Reload the page in a moment.',
          5,
        ),
      );
    }
    return new Response(stream, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // Reverse proxies such as nginx would otherwise hold events back in a buffer.
        'x-accel-buffering': 'no',
      },
    });
  });
  app.get('/status', (c) => c.json(status()));
  return app;
}
