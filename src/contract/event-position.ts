/**
 * A header of the job list's answer (`GET /studio-api/jobs`): the id of the last event the
 * studio had sent when it read the list. A page that opens its event stream from that id
 * (`?lastEventId=`) is sent every change the list may not show. Zod-free: the first page
 * reads it.
 */
export const EVENT_POSITION_HEADER = 'x-event-id';
