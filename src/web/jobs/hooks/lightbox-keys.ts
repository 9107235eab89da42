import type { Job } from '@/contract/studio-api';
import { FEATURES } from '@/web/lib/feature-flags';
import { dispatchKey, type KeyPress } from '@/web/lib/key-actions';
import { isTyping } from '@/web/lib/keyboard';
import { imageActionPlan } from '../utils/action-plan';
import { actionBody } from '../utils/grid-action';
import { viewableImages } from '../utils/job-view';
import { jobEditorRequest, useEditorRequested } from '../stores/editor-request-store';
import { gridKeyHandlers } from './card-shortcuts';
import { useCreateJob } from './use-create-job';
import { jobRights, useMe } from './use-job-rights';

type ViewerKeyPress = KeyPress & Pick<KeyboardEvent, 'target'>;

interface ViewerMoves {
  /** Shows image `imageNo` of the job. */
  show: (imageNo: number) => void;
  /** An action was sent: the viewer closes, so the new card can be seen coming. */
  acted: () => void;
}

/**
 * The grid's keys in an image viewer (the feed's, and the Library's across jobs): 1–4
 * show that image of the job, U and V act on the one shown (subtle, as the card's rows
 * start), R rerolls; only what `available_actions` allows, and nothing for a viewer, who
 * makes no follow-ups. Answers whether the key was used.
 */
export function useLightboxKeys(job: Job | undefined, index: number, moves: ViewerMoves) {
  const { submit } = useCreateJob();
  const editorRequested = useEditorRequested();
  const me = useMe();
  return (e: ViewerKeyPress): boolean => {
    // The viewer is a dialog, which page-wide shortcuts stay out of: these are its own.
    if (!job?.output || isTyping(e.target)) return false;
    if (!jobRights(me, job.maker).followUp) return false;
    const images = viewableImages(job);
    const plan = imageActionPlan(job.output.actions, images.length, FEATURES, job.operation);
    const mode = 'subtle';
    const ctx = { plan, selected: index, mode, strength: mode } as const;
    const handlers = gridKeyHandlers(ctx, (shortcut) => {
      if (shortcut.kind === 'select') return moves.show(shortcut.imageNo);
      if (shortcut.kind === 'reuse-mask') {
        const url = images[shortcut.imageNo]?.url;
        const request = url ? jobEditorRequest(job, shortcut.imageNo, url, 'reuse-mask') : null;
        if (request) editorRequested(request);
      } else submit(actionBody(job.id, shortcut.action));
      moves.acted();
    });
    return dispatchKey('grid', handlers, e);
  };
}
