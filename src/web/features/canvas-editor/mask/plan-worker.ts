import type { WireTraceRequest } from './plan-protocol';
import { traceReceiver } from './plan-protocol';

// Module worker entry (see plan-tracer.ts): traces one mask per message, off the page's
// main thread. The DOM typings call `self` a Window; its postMessage(message, { transfer })
// form is also the worker's, so no WebWorker lib is needed.
const trace = traceReceiver();
self.onmessage = (event: MessageEvent<WireTraceRequest>) => {
  const { answer, transfer } = trace(event.data);
  self.postMessage(answer, { transfer });
};
