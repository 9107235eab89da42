import { parentPort } from 'node:worker_threads';
import type { MediaTaskName } from './media-tasks';
import { runMediaTask } from './media-tasks';

/** A worker of the media pool: runs one named render per message and posts its result. */
interface Request {
  id: number;
  name: MediaTaskName;
  args: unknown[];
}

const port = parentPort;
if (port) {
  port.on('message', (req: Request) => {
    runMediaTask(req.name, req.args).then(
      (value) => port.postMessage({ id: req.id, ok: true, value }),
      (err: unknown) =>
        port.postMessage({
          id: req.id,
          ok: false,
          error: err instanceof Error ? err.message : String(err),
        }),
    );
  });
  port.postMessage({ ready: true });
}
