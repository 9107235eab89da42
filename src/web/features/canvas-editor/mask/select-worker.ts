import type { SelectRequest } from './select-protocol';
import { createSelectHandler } from './select-protocol';
import { failureText } from './worker-runner';

// Module worker entry (see selector.ts): the magic wand on the full-resolution image, and
// grow, shrink and feather of the mask, off the page's main thread. Requests are answered
// in the order they came, each after the one before it.
const handle = createSelectHandler();
let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<SelectRequest>) => {
  queue = queue.then(async () => {
    try {
      const { answer, transfer } = await handle(event.data);
      self.postMessage(answer, { transfer });
    } catch (e) {
      self.postMessage({ seq: event.data.seq, op: null, preview: null, error: failureText(e) });
    }
  });
};
