import { create } from 'zustand';
import type { SwitchFlag, ValueFlag } from './prompt-edits';
import {
  withAspect,
  withFlagValue,
  withStyleRaw,
  withSwitch,
  withTurbo,
  withVersion,
} from './prompt-edits';

/** The draft prompt is the one source of truth; every helper edits its --flags. */
interface PromptStore {
  prompt: string;
  actions: {
    promptChanged: (prompt: string) => void;
    aspectChosen: (ratio: string) => void;
    versionChosen: (version: string) => void;
    flagValueChanged: (name: ValueFlag, value: string) => void;
    switchToggled: (name: SwitchFlag, on: boolean) => void;
    styleRawToggled: (on: boolean) => void;
    turboToggled: (on: boolean) => void;
  };
}

const usePromptStore = create<PromptStore>()((set) => ({
  prompt: '',
  actions: {
    promptChanged: (prompt) => set({ prompt }),
    aspectChosen: (ratio) => set((s) => ({ prompt: withAspect(s.prompt, ratio) })),
    versionChosen: (version) => set((s) => ({ prompt: withVersion(s.prompt, version) })),
    flagValueChanged: (name, value) =>
      set((s) => ({ prompt: withFlagValue(s.prompt, name, value) })),
    switchToggled: (name, on) => set((s) => ({ prompt: withSwitch(s.prompt, name, on) })),
    styleRawToggled: (on) => set((s) => ({ prompt: withStyleRaw(s.prompt, on) })),
    turboToggled: (on) => set((s) => ({ prompt: withTurbo(s.prompt, on) })),
  },
}));

export const usePrompt = () => usePromptStore((s) => s.prompt);
export const usePromptActions = () => usePromptStore((s) => s.actions);
/** For tests and non-React callers (the app layer hands "Use prompt" text in here). */
export const promptStore = usePromptStore;
