/** How many jobs the feed shows. */
export const FEED_LIMIT = 50;

/** The feed's request: the Create page's list of the newest jobs. */
export const feedPath = (limit: number = FEED_LIMIT): string => `/studio-api/jobs?limit=${limit}`;
