/** The part of a Worker the runner uses, so a test can stand in for the real one. */
export interface TaskWorker<Req, Ans> {
  onmessage: ((event: MessageEvent<Ans>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: Req): void;
  terminate(): void;
}

/**
 * One lazily spawned worker that answers requests with `handle`'s answers, or the page
 * itself runs `handle` where there are no workers (Vitest in node) or once the worker
 * failed to load or threw: then the request it held is answered inline rather than never.
 * Answers go to `deliver`, which drops the ones nobody waits for any more.
 */
export function createWorkerRunner<Req, Ans>(
  spawn: () => TaskWorker<Req, Ans> | null,
  handle: (req: Req) => Ans,
  deliver: (answer: Ans) => void,
) {
  let worker: TaskWorker<Req, Ans> | null = null;
  let held: Req | null = null;
  let broken = false;

  const inline = (req: Req) => deliver(handle(req));
  const stop = () => {
    worker?.terminate();
    worker = null;
    held = null;
  };
  const start = (): TaskWorker<Req, Ans> | null => {
    const w = broken ? null : spawn();
    if (!w) return null;
    w.onmessage = (event) => {
      held = null;
      deliver(event.data);
    };
    w.onerror = () => {
      const req = held;
      broken = true;
      stop();
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
      worker.postMessage(req);
    },
    /** Ends the worker and whatever it was doing; the next request spawns a new one. */
    stop,
  };
}
