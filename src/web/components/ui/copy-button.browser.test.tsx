import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { CopyButton } from './copy-button';

const PROMPT = 'a lighthouse in a storm --ar 16:9';

async function renderCopy() {
  const screen = await render(<CopyButton text={PROMPT} label="Copy prompt 2" />);
  return {
    button: screen.getByRole('button', { name: 'Copy prompt 2' }),
    status: screen.getByRole('status'),
  };
}

describe('the copy button', () => {
  it('writes the text to the clipboard, says Copied, and goes back to Copy', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { button, status } = await renderCopy();
    await expect.element(button).toHaveTextContent('Copy');
    await expect.element(status).toBeEmptyDOMElement();

    await button.click();
    expect(write).toHaveBeenCalledExactlyOnceWith(PROMPT);
    await expect.element(button).toHaveTextContent('Copied');
    await expect.element(status).toHaveTextContent('Copied');
    // For a moment only (1.5 s).
    await expect.element(button, { timeout: 3000 }).toHaveTextContent(/^Copy$/);
    await expect.element(status).toBeEmptyDOMElement();
    write.mockRestore();
  });

  it('says it could not copy when the browser refuses', async () => {
    const write = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const { button, status } = await renderCopy();
    await button.click();
    await expect.element(status).toHaveTextContent('Could not copy');
    await expect.element(button).toHaveTextContent(/^Copy$/);
    write.mockRestore();
  });

  it('says it could not copy where there is no clipboard (plain http)', async () => {
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      const { button, status } = await renderCopy();
      await button.click();
      await expect.element(status).toHaveTextContent('Could not copy');
    } finally {
      // The prototype's getter shows through again.
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
    expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')).toEqual(clipboard);
    expect(navigator.clipboard).toBeDefined();
  });
});
