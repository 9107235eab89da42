// The library: search, filters, gallery, viewer, selection and export. What app/ uses of it.
export { LibraryFilters } from './filters/library-filters';
export {
  checkParams,
  clearFilters,
  describeFilter,
  paramsFromSearch,
  searchFromParams,
  type LibraryParams,
} from './filters/library-params';
export { JobSearchResults, startSearch } from './results/job-search-results';
export type { ResultReuse } from './viewer/result-reuse';
