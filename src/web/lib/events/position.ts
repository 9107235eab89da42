import { EVENT_POSITION_HEADER } from '@/contract/event-position';

/** The earliest event id a job list was read at since the event stream last opened. */
let earliest: number | null = null;

/**
 * Notes where the event stream stood when a job list was read (its answer's header): the
 * stream, opened later, starts from the earliest, so no change between a list's read and
 * the stream's open is lost (`takeEventPosition`).
 */
export function noteEventPosition(headers: Headers): void {
  const id = headers.get(EVENT_POSITION_HEADER);
  if (id === null || !/^\d{1,15}$/.test(id)) return;
  const n = Number(id);
  if (earliest === null || n < earliest) earliest = n;
}

/** The id a new event stream resumes from ('' when no list was read), forgotten once taken. */
export function takeEventPosition(): string {
  const from = earliest === null ? '' : String(earliest);
  earliest = null;
  return from;
}
