/** The DOM id of a job's card, so lineage links can scroll to it. */
export const jobDomId = (jobId: string): string => `job-${jobId}`;
