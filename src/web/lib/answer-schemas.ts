// The schemas of the studio API's answers, by name, in a chunk of their own. Checking an
// answer paints nothing, so zod and the contract's schemas stay out of the first page's
// chunk: the page starts fetching this one as it starts (http.ts), alongside its first
// requests, and each answer is parsed once both are there.
export { accountEnvelopeSchema as account } from '@/contract/account-summary';
export { bulkResultSchema as bulk } from '@/contract/bulk';
export { lineageTreeSchema as lineageTree } from '@/contract/lineage-tree';
export { auditPageSchema as auditPage } from '@/contract/audit';
export { budgetsSchema as budgets } from '@/contract/budgets';
export {
  inviteEnvelopeSchema as invite,
  inviteListSchema as invites,
  inviteMadeSchema as inviteMade,
  meSchema as me,
  peopleListSchema as people,
  personNamesSchema as personNames,
  personEnvelopeSchema as person,
  removedPersonSchema as removedPerson,
} from '@/contract/people';
export { shareEnvelopeSchema as share, shareListSchema as shares } from '@/contract/shares';
export { spendingEnvelopeSchema as spending } from '@/contract/spending';
export {
  jobMaskEnvelopeSchema as jobMask,
  savedMaskDeletedSchema as savedMaskDeleted,
  savedMaskEnvelopeSchema as savedMask,
  savedMaskListSchema as savedMasks,
} from '@/contract/masks';
export { presetEnvelopeSchema as preset, presetListSchema as presets } from '@/contract/presets';
export {
  collectionDeletedSchema as collectionDeleted,
  collectionEnvelopeSchema as collection,
  collectionItemsAnswerSchema as collectionItems,
  collectionListSchema as collections,
} from '@/contract/collections';
export {
  deletedEnvelopeSchema as deleted,
  errorEnvelopeSchema as error,
  jobEnvelopeSchema as job,
  jobListSchema as jobList,
  studioStatusSchema as status,
  uploadEnvelopeSchema as upload,
} from '@/contract/studio-api';
