import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { MaskPlan } from '../mask/areas';
import type { EditorMode } from '../model/document';
import { newDocument } from '../model/document';
import { useEditorStore } from '../model/editor-store';
import { SidePanel } from './side-panel';

const submitted = vi.fn<(prompt: string) => void>();

const AREAS: MaskPlan = {
  kind: 'areas',
  areas: [{ width: 800, height: 600, points: [100, 100, 300, 100, 300, 300, 100, 300] }],
  polygons: [],
  coverage: 0.075,
  iou: 0.995,
};

interface PanelProps {
  plan: MaskPlan | null;
  parentPrompt?: string;
  pending?: boolean;
  error?: string | null;
}

/** The panel on the store's document, as the editor shows it. */
function Panel({
  plan,
  parentPrompt = 'a lighthouse in a storm',
  pending = false,
  error = null,
}: PanelProps) {
  const doc = useEditorStore((s) => s.doc);
  if (!doc) return null;
  return (
    <SidePanel
      doc={doc}
      plan={plan}
      submitLabel="Repaint"
      parentPrompt={parentPrompt}
      pending={pending}
      error={error}
      onSubmit={submitted}
      folded={false}
    />
  );
}

async function renderPanel(mode: EditorMode, props: PanelProps) {
  submitted.mockReset();
  useEditorStore
    .getState()
    .documentOpened(newDocument({ url: '/u/upLOAD123456', width: 400, height: 300 }, mode));
  const screen = await render(<Panel {...props} />);
  const panel = screen.getByRole('complementary', { name: 'Request preview' });
  return {
    screen,
    panel,
    send: panel.getByRole('button', { name: 'Repaint' }),
    prompt: panel.getByRole('textbox', { name: 'Remix prompt' }),
    placement: () =>
      JSON.parse(
        panel.getByLabelText('Canvas and image position').element().textContent ?? '{}',
      ) as { canvas: { width: number; height: number }; imgPos: { x: number; y: number } },
  };
}

describe('the editor’s side panel', () => {
  beforeEach(() => useEditorStore.getState().documentClosed());

  it('says how much the mask covers, and how it goes out behind Details', async () => {
    const { panel, send, prompt } = await renderPanel('inpaint', { plan: AREAS });
    await expect.element(panel.getByText('7.5% of the image.')).toBeVisible();
    const details = panel.getByText('1 polygon (4 points, match 99.5%).');
    await expect.element(details).not.toBeVisible();
    await panel.getByText('Details').click();
    await expect.element(details).toBeVisible();
    // The follow-up starts from its parent's prompt, ready to send.
    await expect.element(prompt).toHaveValue('a lighthouse in a storm');
    await send.click();
    expect(submitted).toHaveBeenCalledExactlyOnceWith('a lighthouse in a storm');
  });

  it('says when the mask goes as an image, polygons being too far off', async () => {
    const { panel } = await renderPanel('inpaint', {
      plan: {
        kind: 'image',
        grid: { width: 1, height: 1, data: new Uint8Array(1) },
        coverage: 0.2,
        iou: 0.8,
      },
    });
    await expect.element(panel.getByText('20.0% of the image.')).toBeVisible();
    await panel.getByText('Details').click();
    await expect
      .element(panel.getByText('Polygons would match only 80.0%, so it is sent as a mask image.'))
      .toBeVisible();
  });

  it('waits for the trace of the mask before sending', async () => {
    const { panel, send } = await renderPanel('inpaint', { plan: null });
    expect(panel.getByText('Tracing the mask…').all()).toHaveLength(2);
    await expect.element(send).toBeDisabled();
  });

  it('asks for a painted region before Vary region can send', async () => {
    const { panel, send } = await renderPanel('inpaint', { plan: { kind: 'empty' } });
    await expect.element(panel.getByText('Nothing painted yet.')).toBeVisible();
    await expect.element(panel.getByText('Paint the region to vary.')).toBeVisible();
    await expect.element(send).toBeDisabled();
  });

  it('asks for a prompt, and sends nothing without one', async () => {
    const { panel, prompt, send } = await renderPanel('inpaint', { plan: AREAS, parentPrompt: '' });
    await expect.element(panel.getByText('Write a prompt for the repaint.')).toBeVisible();
    await prompt.fill('   ');
    await userEvent.keyboard('{Tab}{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    await prompt.fill('a red door');
    await expect.element(send).toBeEnabled();
  });

  it('lets Edit send with nothing painted: only the new canvas is repainted', async () => {
    const { send } = await renderPanel('edit', { plan: { kind: 'empty' } });
    await expect.element(send).toBeEnabled();
  });

  it('asks Upload and paint for a painted region', async () => {
    const { panel, send } = await renderPanel('upload-paint', {
      plan: { kind: 'empty' },
      parentPrompt: 'a red door',
    });
    await expect.element(panel.getByText('Paint the region to repaint.')).toBeVisible();
    await expect.element(send).toBeDisabled();
  });

  it('prices the repaint by the speed its prompt asks for', async () => {
    const { panel, prompt } = await renderPanel('inpaint', { plan: AREAS });
    const cost = () =>
      Number(/≈ ([\d,]+) credits/.exec(panel.element().textContent ?? '')?.[1]?.replace(/,/g, ''));
    const fast = cost();
    expect(fast).toBeGreaterThan(0);
    await prompt.fill('a lighthouse in a storm --turbo');
    await expect.poll(cost).toBeGreaterThan(fast);
    await prompt.fill('a lighthouse in a storm');
    await expect.poll(cost).toBe(fast);
  });

  it('shows the create under way and the reason it was refused', async () => {
    const { panel } = await renderPanel('inpaint', {
      plan: AREAS,
      pending: true,
      error: 'Not enough credits Top up credits.',
    });
    await expect.element(panel.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect
      .element(panel.getByRole('alert'))
      .toHaveTextContent('Not enough credits Top up credits.');
  });
});

describe('the canvas size', () => {
  beforeEach(() => useEditorStore.getState().documentClosed());

  it('extends the canvas to a preset around the whole image, centred', async () => {
    const { panel, placement } = await renderPanel('edit', { plan: { kind: 'empty' } });
    const sizes = panel.getByRole('group', { name: 'Canvas size' });
    await sizes.getByRole('button', { name: '16:9' }).click();
    expect(placement()).toEqual({
      canvas: { width: 533, height: 300 },
      imgPos: { x: 67, y: 0, width: 400, height: 300 },
    });
    await expect.element(sizes.getByRole('spinbutton', { name: 'Canvas width' })).toHaveValue(533);
    await sizes.getByRole('button', { name: '9:16' }).click();
    expect(placement().canvas).toEqual({ width: 400, height: 711 });
  });

  it('takes typed pixels, names the side and its bounds when they are wrong, and puts the value back on leaving', async () => {
    const { panel, placement } = await renderPanel('edit', { plan: { kind: 'empty' } });
    const width = panel.getByRole('spinbutton', { name: 'Canvas width' });
    await width.fill('600');
    expect(placement()).toMatchObject({
      canvas: { width: 600, height: 300 },
      imgPos: { x: 100, y: 0 },
    });

    await width.fill('5000');
    await expect.element(width).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(width)
      .toHaveAccessibleDescription('Canvas width must be a whole number of pixels from 1 to 4096.');
    await expect.element(panel.getByRole('alert')).toBeVisible();
    expect(placement().canvas.width).toBe(600);

    await width.fill('');
    await expect.element(width).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Tab}');
    await expect.element(width).toHaveValue(600);
    await expect.element(width).toHaveAttribute('aria-invalid', 'false');
    await expect.element(panel.getByRole('alert')).not.toBeInTheDocument();
  });

  it('is not offered for Vary region, which keeps the image as it is', async () => {
    const { panel } = await renderPanel('inpaint', { plan: AREAS });
    await expect.element(panel.getByText('7.5% of the image.')).toBeVisible();
    expect(panel.getByRole('group', { name: 'Canvas size' }).all()).toHaveLength(0);
  });
});
