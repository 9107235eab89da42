import type { WireSelectRequest } from './select-protocol';
import { createSelectHandler, unshipRequest } from './select-protocol';
import { createMaskHold } from './shipped-mask';
import { failureText } from './worker-runner';

// Module worker entry (see selector.ts): the magic wand on the full-resolution image, and
// grow, shrink and feather of the mask, off the page's main thread. Requests are answered
// in the order they came, each after the one before it.
const handle = createSelectHandler();
// The masks' parts it was sent, in the order they were sent (shipped-mask.ts).
const unship = createMaskHold();
let queue = Promise.resolve();
self.onmessage = (event: MessageEvent<WireSelectRequest>) => {
  queue = queue.then(async () => {
    try {
      const { answer, transfer } = await handle(unshipRequest(event.data, unship));
      self.postMessage(answer, { transfer });
    } catch (e) {
      self.postMessage({ seq: event.data.seq, op: null, preview: null, error: failureText(e) });
    }
  });
};
