// Cost estimates in the studio, by the contract's price table (src/contract/costs.ts). The
// studio only estimates: the service's own `meta.usage.frozen` is what a job really holds.
import { costOf, followUpSpeed } from '@/contract/costs';
import { isDraft, parsePrompt, speedOf } from '@/contract/prompt-flags';
import type { OperationName } from '@/contract/operations';
import { formatNumber } from '@/web/lib/format';

export { costOfCreate } from '@/contract/create-cost';

/** What a prompt from the prompt box costs as a diffusion. */
export function diffusionCost(prompt: string): number {
  const p = parsePrompt(prompt);
  return costOf({ operation: 'diffusion', speed: speedOf(p), draft: isDraft(p) });
}

/** What an operation costs with only its prompt known (the editor's repaints). */
export const costOfPrompt = (
  operation: OperationName,
  ownPrompt: string,
  parentPrompt: string,
): number => costOf({ operation, speed: followUpSpeed(parsePrompt(ownPrompt), parentPrompt) });

/** `≈ 120 credits`: an estimate, as the service decides the real amount. */
export const formatCostEstimate = (points: number): string => `≈ ${formatNumber(points)} credits`;
