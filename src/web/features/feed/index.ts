// The feed: job cards and their actions. What app/ and the other features use of it.
export { FeedSkeleton, JobFeed } from './card/job-feed';
export { JobCard } from './card/job-card';
export { JobCardList, cardRelations } from './card/job-card-list';
export { LazyLightbox } from './card/lazy-parts';
export { jobPageHref } from './card/job-lineage';
export { VideoChoices } from './actions/video-choices';
export { DeferredThumbs } from './media/deferred-thumbs';
export { lightboxStore, useLightbox } from './viewer/lightbox-store';
