// A job's page: its card and its lineage tree. What app/ uses of it.
export { JobDetail } from './job-detail';
