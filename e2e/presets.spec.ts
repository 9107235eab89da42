import { expect, test } from '@playwright/test';

/**
 * Presets in the prompt box, on the embedded engine: the current flags saved under a name
 * with a suffix, applied to another prompt in one click (one edit, undone by Ctrl+Z),
 * sent, and renamed and deleted.
 */
test('a preset saved from the prompt is applied in one click, and the job carries its flags', async ({
  page,
}) => {
  const name = `Wide dusk ${Date.now().toString(36)}`;
  await page.goto('/');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('a lighthouse --ar 16:9 --stylize 250');

  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Save current flags as preset…' }).click();
  const save = page.getByRole('dialog', { name: 'Save flags as a preset' });
  await expect(save.getByRole('textbox', { name: 'Flags' })).toHaveValue('--ar 16:9 --stylize 250');
  await save.getByRole('textbox', { name: 'Name' }).fill(name);
  await save.getByRole('textbox', { name: 'Suffix' }).fill('at dusk');
  await save.getByRole('button', { name: 'Save preset' }).click();
  await expect(save).toBeHidden();

  // Another prompt, other flags: the preset's replace them, its suffix follows the words.
  await prompt.fill('a harbour --ar 1:1 --chaos 20');
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: `Apply ${name}` }).click();
  const applied = 'a harbour at dusk --ar 16:9 --stylize 250';
  await expect(prompt).toHaveValue(applied);
  await prompt.press('ControlOrMeta+z');
  await expect(prompt).toHaveValue('a harbour --ar 1:1 --chaos 20');
  await prompt.press('ControlOrMeta+Shift+z');
  await expect(prompt).toHaveValue(applied);

  await page.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByRole('article', { name: `Job diffusion: ${applied}` });
  await expect(card.first()).toBeVisible();

  // Renamed, then deleted: the menu follows.
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('menuitem', { name: 'Manage presets…' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage presets' });
  await manage.getByRole('textbox', { name: `Name of ${name}` }).fill(`${name} 2`);
  await manage.getByRole('button', { name: 'Rename' }).click();
  await expect(manage.getByRole('button', { name: `Delete ${name} 2` })).toBeVisible();
  await manage.getByRole('button', { name: `Delete ${name} 2` }).click();
  await expect(manage.getByRole('listitem')).toHaveCount(0);
  await manage.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Presets' }).click();
  await expect(page.getByRole('menuitem', { name: `Apply ${name} 2` })).toHaveCount(0);
});
