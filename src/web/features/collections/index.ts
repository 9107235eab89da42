// Collections: what the other features use of it, light enough for the first page (the
// menu and the filter are chunks of their own). The Collections page's parts are imported
// by path.
export { LazyAddToCollection, LazyCollectionSelect, useMayCollect } from './entry';
