/** The part of a Worker the runner uses, so a test can stand in for the real one. */
export interface TaskWorker<Req, Ans> {
  onmessage: ((event: MessageEvent<Ans>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  /** An answer that could not be read on this side. */
  onmessageerror?: ((event: MessageEvent) => void) | null;
  postMessage(message: Req): void;
  terminate(): void;
}

/**
 * Told when work did not go as it should: `carriedOn` when the worker failed and the page
 * does its work itself from then on; not, when the work itself failed and gave nothing.
 */
export type WorkerFailed = (reason: string, carriedOn: boolean) => void;

/** What went wrong, in words: an error's message, or a worker's error event's. */
export function failureText(cause: unknown): string {
  const message =
    cause instanceof Error
      ? cause.message
      : typeof cause === 'object' && cause !== null && 'message' in cause
        ? String(cause.message)
        : '';
  if (message) return message.replace(/^Uncaught (\w*Error: )?/, '');
  // A worker whose file did not load sends a bare error event.
  return cause instanceof Event && cause.type === 'messageerror'
    ? 'its answer could not be read'
    : 'the background worker did not start';
}

/**
 * One lazily spawned worker that answers requests with `handle`'s answers, or the page
 * itself runs `handle` where there are no workers (Vitest in node) or once the worker
 * failed to load or threw: then the request it held is answered inline rather than never.
 * Answers go to `deliver`, which drops the ones nobody waits for any more. A request goes
 * to a worker as `wire` (made anew for each worker) puts it.
 */
export function createWorkerRunner<Req, Ans, Wire>(
  spawn: () => TaskWorker<Wire, Ans> | null,
  handle: (req: Req) => Ans,
  deliver: (answer: Ans) => void,
  failed: WorkerFailed,
  wire: () => (req: Req) => Wire,
) {
  let worker: TaskWorker<Wire, Ans> | null = null;
  let toWire = wire();
  let held: Req | null = null;
  let broken = false;

  const inline = (req: Req) => {
    let answer: Ans;
    try {
      answer = handle(req);
    } catch (e) {
      return failed(failureText(e), false);
    }
    deliver(answer);
  };
  const stop = () => {
    worker?.terminate();
    worker = null;
    held = null;
  };
  const start = (): TaskWorker<Wire, Ans> | null => {
    const w = broken ? null : spawn();
    if (!w) return null;
    toWire = wire();
    w.onmessage = (event) => {
      held = null;
      deliver(event.data);
    };
    w.onerror = w.onmessageerror = (event: Event) => {
      const req = held;
      broken = true;
      stop();
      failed(failureText(event), true);
      if (req) inline(req);
    };
    return w;
  };

  return {
    /** Sends `req` to the worker (spawned on first use), or answers it inline. */
    run(req: Req): void {
      worker ??= start();
      if (!worker) return inline(req);
      held = req;
      worker.postMessage(toWire(req));
    },
    /** Ends the worker and whatever it was doing; the next request spawns a new one. */
    stop,
  };
}
