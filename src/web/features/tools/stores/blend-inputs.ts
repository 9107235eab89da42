import { create } from 'zustand';

interface BlendInputsState {
  /** Images another page handed to the Blend tool, not yet taken by it. */
  handed: readonly string[] | null;
  actions: {
    imagesHandedOver: (urls: readonly string[]) => void;
    handoverTaken: () => void;
  };
}

/** Images sent to the Blend tool from elsewhere (the library), kept until it shows them. */
export const blendInputsStore = create<BlendInputsState>()((set) => ({
  handed: null,
  actions: {
    imagesHandedOver: (urls) => set({ handed: [...urls] }),
    handoverTaken: () => set({ handed: null }),
  },
}));

export const useHandedImages = () => blendInputsStore((s) => s.handed);
