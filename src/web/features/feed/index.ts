// The feed: job cards and their actions. What app/ and the other features use of it.
export { FeedSkeleton, JobFeed } from './card/job-feed';
export { JobCardList, type JobCardListProps } from './card/job-card-list';
export { jobPageHref } from './card/job-lineage';
export { DeferredThumbs } from './media/deferred-thumbs';
