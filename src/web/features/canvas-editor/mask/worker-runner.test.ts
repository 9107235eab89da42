import { describe, expect, it } from 'vitest';
import type { TaskWorker } from './worker-runner';
import { createWorkerRunner, failureText } from './worker-runner';

/** A worker that holds what it is sent until the test fails it. */
class HeldWorker implements TaskWorker<number, number> {
  onmessage: TaskWorker<number, number>['onmessage'] = null;
  onerror: TaskWorker<number, number>['onerror'] = null;
  onmessageerror: TaskWorker<number, number>['onmessageerror'] = null;
  inbox: number[] = [];
  postMessage(n: number) {
    this.inbox.push(n);
  }
  terminate() {}
}

function setup(handle: (n: number) => number = (n) => n * 2) {
  const worker = new HeldWorker();
  const answers: number[] = [];
  const failures: [string, boolean][] = [];
  const runner = createWorkerRunner(
    () => worker,
    handle,
    (a) => answers.push(a),
    (reason, carriedOn) => failures.push([reason, carriedOn]),
    () => (n) => n,
  );
  return { worker, answers, failures, runner };
}

describe('a worker that fails', () => {
  it('is told with its reason, and what it held is answered on the page', () => {
    const { worker, answers, failures, runner } = setup();
    runner.run(21);
    worker.onerror?.({
      message: 'Uncaught RangeError: Array buffer allocation failed',
    } as ErrorEvent);
    expect(failures).toEqual([['Array buffer allocation failed', true]]);
    expect(answers).toEqual([42]);
    // From then on the page does the work, without telling again.
    runner.run(5);
    expect(answers).toEqual([42, 10]);
    expect(failures).toHaveLength(1);
  });

  it('an answer that cannot be read counts as a failure too', () => {
    const { worker, answers, failures, runner } = setup();
    runner.run(1);
    worker.onmessageerror?.(new MessageEvent('messageerror'));
    expect(failures).toEqual([['its answer could not be read', true]]);
    expect(answers).toEqual([2]);
  });

  it('when the page cannot do the work either, that is told and nothing is answered', () => {
    const { worker, answers, failures, runner } = setup(() => {
      throw new Error('the mask is too large');
    });
    runner.run(1);
    worker.onerror?.(new Event('error') as ErrorEvent);
    expect(failures).toEqual([
      ['the background worker did not start', true],
      ['the mask is too large', false],
    ]);
    expect(answers).toEqual([]);
  });
});

describe('failure texts', () => {
  it('are the message without the console’s prefix', () => {
    expect(failureText(new Error('image 404'))).toBe('image 404');
    expect(failureText({ message: 'Uncaught Error: boom' })).toBe('boom');
    expect(failureText({ message: 'Uncaught boom' })).toBe('boom');
  });
});
