/*
 * What the editor tells the user when work it does in the background fails: what failed,
 * and what to do. Nothing painted is lost in any of these cases: the document is only
 * changed by an answer that came.
 */

/** The work each background worker does. */
type Work = 'selections' | 'plan' | 'bake';

const WORKER: Record<Work, string> = {
  selections: 'The selection tools (magic wand, grow, shrink, feather, magnetic lasso)',
  plan: 'Tracing the outline of the mask to send',
  bake: 'Flattening the oldest steps of the mask',
};

/** The worker failed; the page does its work itself from now on (`carriedOn`), or not. */
export function workerProblem(work: Work, reason: string, carriedOn: boolean): string {
  const what = WORKER[work];
  if (carriedOn)
    return `${what} stopped working in the background: ${reason}. The editor now does this itself, which can be slower on a large image; your mask is kept.`;
  if (work === 'plan')
    return `${what} failed: ${reason}. Undo the last step and try again; your mask is kept.`;
  return `${what} failed: ${reason}. Painting goes on and your mask is kept; a long session may get slower.`;
}

/** A selection that gave nothing: the image could not be read, or the step failed. */
export function selectionProblem(
  kind: 'wand' | 'edges' | 'grow' | 'shrink' | 'feather',
  reason: string,
): string {
  if (kind === 'wand')
    return `The magic wand could not read this image: ${reason}. Try again, or use the brush.`;
  if (kind === 'edges')
    return `The magnetic lasso could not read this image: ${reason}. It draws freehand for now: to try again choose another tool, then the magnetic lasso; or use the lasso.`;
  const step = kind.charAt(0).toUpperCase() + kind.slice(1);
  return `${step} did not work: ${reason}. Try again; your mask is kept.`;
}
