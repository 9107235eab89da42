import type { KeyboardEvent } from 'react';
import type { Job } from '@/contract/studio-api';
import { FEATURES } from '@/web/lib/feature-flags';
import { isTyping } from '@/web/lib/keyboard';
import { useLightboxActions } from '../stores/lightbox-store';
import { imageActionPlan } from '../utils/action-plan';
import { actionBody } from '../utils/grid-action';
import { viewableImages } from '../utils/job-view';
import { cardShortcut } from './card-shortcuts';
import { useCreateJob } from './use-create-job';

/**
 * The grid's keys in the image viewer: 1–4 show that image, U and V act on the one shown
 * (subtle, as the card's rows start), R rerolls; only what `available_actions` allows.
 * After an action the viewer closes, so the new card can be seen coming. Answers whether
 * the key was used.
 */
export function useLightboxKeys(job: Job | undefined, index: number) {
  const { submit } = useCreateJob();
  const { lightboxOpened, lightboxClosed } = useLightboxActions();
  return (e: KeyboardEvent): boolean => {
    // The viewer is a dialog, which page-wide shortcuts stay out of: these are its own.
    if (!job?.output || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return false;
    const plan = imageActionPlan(job.output.actions, viewableImages(job).length, FEATURES);
    const mode = 'subtle';
    const shortcut = cardShortcut(e.key, { plan, selected: index, mode, strength: mode });
    if (!shortcut) return false;
    if (shortcut.kind === 'select') lightboxOpened(job.id, shortcut.imageNo);
    else {
      submit(actionBody(job.id, shortcut.action));
      lightboxClosed();
    }
    return true;
  };
}
