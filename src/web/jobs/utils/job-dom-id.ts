import { createContext } from 'react';

/** The DOM id of a job's card, so lineage links can scroll to it. */
export const jobDomId = (jobId: string): string => `job-${jobId}`;

/**
 * How a lineage link brings a job's card on screen once it is drawn: the library's
 * windowed list scrolls its virtualizer, which knows where rows not measured yet lie;
 * elsewhere (null) the card is scrolled into view.
 */
export const CardScroller = createContext<((jobId: string) => void) | null>(null);
