import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Field, inputClass } from './field';

const seed = (error: string | null, hint?: string) => (
  <Field id="seed" label="Seed" hint={hint} error={error}>
    {(control) => <input {...control} className={inputClass} />}
  </Field>
);

describe('the field', () => {
  it('labels its control, and describes it by its hint', async () => {
    const screen = await render(seed(null, 'Any whole number up to 4294967295.'));
    const input = screen.getByRole('textbox', { name: 'Seed' });
    await expect.element(input).toHaveAccessibleDescription('Any whole number up to 4294967295.');
    await expect.element(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('marks the control invalid and has its message read with the hint', async () => {
    const screen = await render(
      seed('Must be at most 4294967295', 'Any whole number up to 4294967295.'),
    );
    const input = screen.getByRole('textbox', { name: 'Seed' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(input)
      .toHaveAccessibleDescription('Any whole number up to 4294967295. Must be at most 4294967295');
    await expect.element(screen.getByText('Must be at most 4294967295')).toBeVisible();
    // The invalid border is drawn from aria-invalid.
    await screen.rerender(seed('Must be at most 4294967295'));
    await expect.element(input).toHaveAccessibleDescription('Must be at most 4294967295');
  });

  it('drops the message once it is fixed', async () => {
    const screen = await render(seed('Must be a whole number'));
    await screen.rerender(seed(null));
    const input = screen.getByRole('textbox', { name: 'Seed' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'false');
    await expect.element(input).not.toHaveAttribute('aria-describedby');
    await expect.element(screen.getByText('Must be a whole number')).not.toBeInTheDocument();
  });
});
