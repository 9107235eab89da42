import { create } from 'zustand';
import { withAspect, withNumberFlag, withTurbo, withVersion } from './prompt-edits';

/** The draft prompt is the one source of truth; every helper edits its --flags. */
interface PromptStore {
  prompt: string;
  actions: {
    promptChanged: (prompt: string) => void;
    aspectChosen: (ratio: string) => void;
    versionChosen: (version: string) => void;
    numberFlagChanged: (name: 'stylize' | 'chaos', value: string) => void;
    turboToggled: (on: boolean) => void;
  };
}

const usePromptStore = create<PromptStore>()((set) => ({
  prompt: '',
  actions: {
    promptChanged: (prompt) => set({ prompt }),
    aspectChosen: (ratio) => set((s) => ({ prompt: withAspect(s.prompt, ratio) })),
    versionChosen: (version) => set((s) => ({ prompt: withVersion(s.prompt, version) })),
    numberFlagChanged: (name, value) =>
      set((s) => ({ prompt: withNumberFlag(s.prompt, name, value) })),
    turboToggled: (on) => set((s) => ({ prompt: withTurbo(s.prompt, on) })),
  },
}));

export const usePrompt = () => usePromptStore((s) => s.prompt);
export const usePromptActions = () => usePromptStore((s) => s.actions);
/** For tests and non-React callers. */
export const promptStore = usePromptStore;
