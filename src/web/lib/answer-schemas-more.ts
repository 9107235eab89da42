// The schemas of the studio API's other answers, by name: whatever the first screen does not
// read (`answer-schemas.ts` holds what it does). http.ts fetches this chunk when the page is
// first idle, or at the first need of one of its answers.
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
