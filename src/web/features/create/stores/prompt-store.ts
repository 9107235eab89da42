import { create } from 'zustand';
import type { Upload } from '@/contract/studio-api';
import type { ImagePrompt, ImageRole } from '@/web/jobs/utils/image-prompts';
import { withImagePrompt, withImageRole, withoutImagePrompt } from '@/web/jobs/utils/image-prompts';
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
  /**
   * Preview addresses (on the studio's own origin) of images uploaded this session, by
   * their public URL: the chips show them; a URL typed by hand has none.
   */
  previews: Record<string, string>;
  actions: {
    imageUploaded: (upload: Upload, role: ImageRole) => void;
    imagePromptRemoved: (image: ImagePrompt) => void;
    imageRoleChosen: (image: ImagePrompt, role: ImageRole) => void;
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
  previews: {},
  actions: {
    imageUploaded: (upload, role) =>
      set((s) => ({
        prompt: withImagePrompt(s.prompt, upload.url, role),
        previews: { ...s.previews, [upload.url]: upload.previewUrl },
      })),
    imagePromptRemoved: (image) => set((s) => ({ prompt: withoutImagePrompt(s.prompt, image) })),
    imageRoleChosen: (image, role) =>
      set((s) => ({ prompt: withImageRole(s.prompt, image, role) })),
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
export const useUploadPreviews = () => usePromptStore((s) => s.previews);
export const usePromptActions = () => usePromptStore((s) => s.actions);
/** For tests and non-React callers (the app layer hands "Use prompt" text in here). */
export const promptStore = usePromptStore;
