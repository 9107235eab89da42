// The schemas of the studio API's answers, by name, in chunks of their own. Checking an
// answer paints nothing, so zod and the contract's schemas stay out of the first page's
// chunk: the page starts fetching this one as it starts (http.ts), alongside its first
// requests, and each answer is parsed once both are there. This chunk holds only what the
// first screen reads (the feed, a job, the status, errors), so that building the schemas
// of every other answer (`answer-schemas-more.ts`, fetched when the page is first idle)
// does not hold back the first card.
export {
  deletedEnvelopeSchema as deleted,
  errorEnvelopeSchema as error,
  jobEnvelopeSchema as job,
  jobBatchSchema as jobBatch,
  jobListSchema as jobList,
  studioStatusSchema as status,
  uploadEnvelopeSchema as upload,
} from '@/contract/studio-api';
