import type { Job } from '@/contract/studio-api';
import { costOfCreate, formatCostEstimate } from '@/web/jobs/utils/costs';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import { checkParams } from '@/web/jobs/utils/validate-params';
import type { GridAction } from '@/web/jobs/utils/grid-action';
import { actionBody } from '@/web/jobs/utils/grid-action';

/** What every action form in a card's dialog gets. */
export interface ActionFormProps {
  job: Job;
  run: (action: GridAction) => void;
  /** Closes the dialog. */
  onDone: () => void;
}

/**
 * Checks the action's params with the contract's schema and, when they pass, runs it and
 * closes the dialog. Returns the problems by field otherwise.
 */
export function submitAction(
  { job, run, onDone }: ActionFormProps,
  action: GridAction,
): FieldIssues | null {
  const body = actionBody(job.id, action);
  const check = checkParams(body.operation, body.params ?? {}, true);
  if (!check.ok) return check.issues;
  run(action);
  onDone();
  return null;
}

/** The estimated cost of the action, at the speed of the job it follows. */
export const actionCost = (job: Job, action: GridAction): string =>
  formatCostEstimate(costOfCreate(actionBody(job.id, action), job.prompt));
