import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '@/web/styles.css';
import { coverage, fitted, maskAlpha, openEditor, pointer, stroke } from './editor-testing';

/*
 * The editor's background workers made to fail: the one whose file name holds `which` is
 * a stand-in that does `behave` with each message; the others are the real workers.
 */
const RealWorker = globalThis.Worker;
type Behave = (w: StandIn, message: { seq: number }) => void;
interface StandIn {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

function failing(which: string, behave: Behave) {
  class StandInWorker implements StandIn {
    onmessage: StandIn['onmessage'] = null;
    onerror: StandIn['onerror'] = null;
    onmessageerror: ((event: MessageEvent) => void) | null = null;
    constructor(url: string | URL, options?: WorkerOptions) {
      // A constructor may hand back another object: the real worker, for the others.
      if (!String(url).includes(which)) return new RealWorker(url, options);
    }
    postMessage(message: { seq: number }) {
      setTimeout(() => behave(this, message));
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', StandInWorker);
}

/** The worker throws, as one whose code has a bug or ran out of memory. */
const throws: Behave = (w) =>
  w.onerror?.(new ErrorEvent('error', { message: 'Uncaught RangeError: out of memory' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

function click(stage: Element, at: [number, number]) {
  pointer(stage, 'pointerdown', at);
  pointer(stage, 'pointerup', at);
}

describe('a background worker that fails', () => {
  it('the mask tracer’s: told, the editor traces itself, and the painting stays', async () => {
    failing('plan-worker', throws);
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    stroke(el, [60, 60], [160, 60]);
    const alert = dialog.getByRole('alert');
    await expect
      .element(alert)
      .toHaveTextContent(
        'Tracing the outline of the mask to send stopped working in the background: out of memory.',
      );
    await expect.element(alert).toHaveTextContent('your mask is kept');
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    expect(maskAlpha(el, 110, 60)).toBeGreaterThan(0);
    // Traced on the page instead: what will be sent is known.
    await expect.poll(() => coverage(dialog.element())).toMatch(/% of the image\.$/);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect.element(alert).not.toBeInTheDocument();
  });

  it('the wand’s, when it cannot read the image: told what to do, the mask intact', async () => {
    failing('select-worker', (w, { seq }) =>
      w.onmessage?.(
        new MessageEvent('message', {
          data: { seq, op: null, preview: null, error: 'the image could not be decoded' },
        }),
      ),
    );
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    stroke(el, [60, 60], [160, 60]);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    await userEvent.keyboard('w');
    click(el, [200, 150]);
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent(
        'The magic wand could not read this image: the image could not be decoded. Try again, or use the brush.',
      );
    await expect.element(stage).toHaveAttribute('data-mask-ops', '1');
    expect(maskAlpha(el, 110, 60)).toBeGreaterThan(0);
    // The editor goes on: the brush paints.
    await userEvent.keyboard('b');
    stroke(el, [60, 250], [160, 250]);
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
  });

  it('the selection worker’s: told, and Grow goes on working on the page', async () => {
    failing('select-worker', throws);
    const { dialog, stage } = await openEditor();
    await fitted(stage);
    const el = stage.element();
    stroke(el, [60, 60], [160, 60]);
    await expect.poll(() => coverage(dialog.element())).toMatch(/% of the image\.$/);
    const painted = coverage(dialog.element());
    await userEvent.keyboard('.');
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent(
        'The selection tools (magic wand, grow, shrink, feather, magnetic lasso) stopped working in the background: out of memory.',
      );
    await expect.element(stage).toHaveAttribute('data-mask-ops', '2');
    await expect.poll(() => coverage(dialog.element())).not.toBe(painted);
    expect(maskAlpha(el, 110, 60)).toBeGreaterThan(0);
  });
});
