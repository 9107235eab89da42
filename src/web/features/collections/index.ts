// Collections: the "Add to collection" menu (lazy) and the parts of the Collections page.
// What app/ and the other features use of it.
export { LazyAddToCollection, useMayCollect } from './entry';
export { CollectionsList } from './collections-list';
export { CollectionHeader } from './collection-header';
export { CollectionSelect } from './collection-select';
