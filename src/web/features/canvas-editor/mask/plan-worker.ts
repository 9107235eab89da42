import type { TraceRequest } from './plan-protocol';
import { handleTraceRequest } from './plan-protocol';

// Module worker entry (see plan-tracer.ts): traces one mask per message, off the page's
// main thread. The DOM typings call `self` a Window; its postMessage(message, { transfer })
// form is also the worker's, so no WebWorker lib is needed.
self.onmessage = (event: MessageEvent<TraceRequest>) => {
  const { answer, transfer } = handleTraceRequest(event.data);
  self.postMessage(answer, { transfer });
};
