import type { BakeRequest } from './bake-protocol';
import { handleBakeRequest } from './bake-protocol';

// Module worker entry (see baker.ts): flattens old mask ops into a new base mask off the
// page's main thread, where it once cost a frame of 150 ms and more on a large image.
self.onmessage = (event: MessageEvent<BakeRequest>) => {
  const { answer, transfer } = handleBakeRequest(event.data);
  self.postMessage(answer, { transfer });
};
