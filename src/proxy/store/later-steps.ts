import { identities } from './identities-schema';
import { invitesTable } from './invites';
import type { Step } from './migrations';
import { sharesTables } from './shares';
import { budgetsAndAudit } from './step-budgets-audit';
import { collections } from './step-collections';
import { ledgerMakers } from './step-ledger-makers';
import { presetsTable } from './step-presets';
import { shareCollections } from './step-share-collections';
import { createQueue } from './step-queue';
import { masksTables } from './step-masks';

/**
 * The schema steps after the first three (`migrations.ts`), in order; append only, and
 * never edit one that has shipped. The version a step brings is its place here plus four.
 */
export const LATER_STEPS: readonly Step[] = [
  // 4: invites by their token's SHA-256.
  invitesTable,
  // 5: each ledger row's maker.
  ledgerMakers,
  // 6: budgets and the audit log.
  budgetsAndAudit,
  // 7: OpenID Connect identities and sign-ins under way.
  identities,
  // 8: share links and their signing key.
  sharesTables,
  // 9: the create queue.
  createQueue,
  // 10: each person's presets.
  presetsTable,
  // 11: collections.
  collections,
  // 12: share links to a collection.
  shareCollections,
  // 13: the mask each job was sent with, and each person's saved masks.
  masksTables,
];
