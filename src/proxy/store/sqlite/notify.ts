import type { EventNotifier } from '../dialect';

/**
 * One studio on SQLite is the only publisher: its listener wakes in the same process. The
 * reader it wakes queues behind the publishing transaction on the file's one connection,
 * so it reads what that transaction committed.
 */
export class LocalNotifier implements EventNotifier {
  private wake: (() => void) | null = null;

  notify(): Promise<void> {
    const wake = this.wake;
    if (wake) queueMicrotask(wake);
    return Promise.resolve();
  }

  listen(wake: () => void): Promise<void> {
    this.wake = wake;
    wake();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.wake = null;
    return Promise.resolve();
  }
}
