import { useCallback } from 'react';
import { promptStore } from '../features/create/stores/prompt-store';
import { routeFromHash, routeHref } from './router';

const focusPrompt = () => {
  const box = document.getElementById('prompt');
  box?.focus();
  box?.scrollIntoView({ block: 'center', behavior: 'smooth' });
};

/**
 * "Use prompt" on a describe or shorten result: the jobs feature offers the text, the
 * create feature owns the prompt box; the app layer carries it across and opens Create.
 */
export function usePromptHandoff(): (prompt: string) => void {
  return useCallback((prompt: string) => {
    promptStore.getState().actions.promptChanged(prompt);
    if (routeFromHash(window.location.hash) === 'create') {
      focusPrompt();
      return;
    }
    // The router renders the create page on hashchange; focus once it has.
    window.addEventListener('hashchange', () => setTimeout(focusPrompt, 0), { once: true });
    window.location.hash = routeHref('create');
  }, []);
}
