import { useCallback, useMemo } from 'react';
import type { ResultReuse } from '../features/library';
import { promptStore } from '../features/create';
import { blendInputsStore } from '../features/tools';
import { routeFromHash, routeHref } from './router';

const focusPrompt = () => {
  const box = document.getElementById('prompt');
  box?.focus();
  box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
};

/**
 * "Use prompt" on a describe or shorten result: the feed offers the text, the
 * create feature owns the prompt box; the app layer carries it across and opens Create.
 */
export function usePromptHandoff(): (prompt: string) => void {
  return useCallback((prompt: string) => {
    promptStore.getState().actions.promptChanged(prompt);
    openCreate();
  }, []);
}

function openCreate(): void {
  if (routeFromHash(window.location.hash) === 'create') {
    focusPrompt();
    return;
  }
  // The router renders the create page on hashchange; focus once it has.
  window.addEventListener('hashchange', () => setTimeout(focusPrompt, 0), { once: true });
  window.location.hash = routeHref('create');
}

/**
 * A library result reused: its prompt (and seed) into the prompt box, or its image (made
 * an upload by the feed) as an image prompt, `--sref` or `--cref`; then Create.
 * Blend hands the images to the tools feature's Blend tool and opens Tools.
 */
export function useResultReuse(): ResultReuse {
  const usePrompt = usePromptHandoff();
  return useMemo(
    () => ({
      usePrompt,
      useImage: (upload, role) => {
        promptStore.getState().actions.imageUploaded(upload, role);
        openCreate();
      },
      blend: (imageUrls) => {
        blendInputsStore.getState().actions.imagesHandedOver(imageUrls);
        // The tools page mounts on the hashchange; the Blend tool takes the images then.
        window.location.hash = routeHref('tools');
      },
    }),
    [usePrompt],
  );
}
