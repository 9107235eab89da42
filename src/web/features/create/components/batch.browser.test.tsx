import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '@/web/styles.css';
import { stubStudioApi, studioError } from '@/web/components/testing/studio-api-stub';
import { makeJob } from '@/web/lib/testing/fixtures';
import { promptStore } from '../stores/prompt-store';
import { PromptBox } from './prompt-box';

const JOBS = 'POST /studio-api/jobs';
const CARS = [
  'a red car --ar 1:1',
  'a red car --ar 16:9',
  'a blue car --ar 1:1',
  'a blue car --ar 16:9',
];

/** The studio: each create makes a pending job of its prompt, until `refuseFrom` creates. */
function stubCreates(refuseFrom = Infinity) {
  let made = 0;
  const studio = stubStudioApi({
    [JOBS]: ({ body }) => {
      const text = (body as { params: { text: string } }).params.text;
      made++;
      if (made >= refuseFrom) {
        return studioError(
          403,
          'Your daily budget of 160 credits has 0 left; this create costs 80.',
          {
            code: 'budget_exceeded',
          },
        );
      }
      return { job: makeJob({ id: `batchJob${String(made).padStart(4, '0')}`, prompt: text }) };
    },
  });
  const sent = () => studio.to(JOBS);
  return {
    studio,
    prompts: () => sent().map((r) => (r.body as { params: { text: string } }).params.text),
    keys: () => sent().map((r) => r.headers.get('Idempotency-Key')),
  };
}

async function renderBox(text: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = await render(
    <QueryClientProvider client={client}>
      <PromptBox onSubmit={() => {}} pending={false} error={null} onDismissError={() => {}} />
    </QueryClientProvider>,
  );
  await screen.getByRole('textbox', { name: 'Prompt' }).fill(text);
  return screen;
}

type Screen = Awaited<ReturnType<typeof renderBox>>;

const dialogOf = (screen: Screen) => screen.getByRole('dialog', { name: 'Create 4 jobs' });
const listed = (screen: Screen) =>
  [...dialogOf(screen).getByRole('listitem').elements()].map((li) => li.textContent);

describe('a batch in the prompt box', () => {
  beforeEach(() => promptStore.setState({ prompt: '', previews: {} }));

  it('says how many jobs on the button, and lists each prompt with its cost and the total', async () => {
    const { prompts } = stubCreates();
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    const create = screen.getByRole('button', { name: 'Create 4 jobs…' });
    await expect.element(create).toBeEnabled();
    await expect.element(screen.getByText('≈ 320 credits')).toBeVisible();

    await create.click();
    const dialog = dialogOf(screen);
    await expect.element(dialog).toBeVisible();
    expect(listed(screen)).toEqual(CARS.map((p, i) => `${i + 1}.${p}≈ 80 credits`));
    await expect.element(dialog.getByText('Total ≈ 320 credits')).toBeVisible();
    await expect.element(dialog.getByText(/at most 40 prompts/)).toBeVisible();
    expect(prompts()).toEqual([]);
  });

  it('sends nothing when cancelled, by the button or by Escape', async () => {
    const { prompts } = stubCreates();
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    const create = screen.getByRole('button', { name: 'Create 4 jobs…' });
    await create.click();
    await dialogOf(screen).getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialogOf(screen)).not.toBeInTheDocument();
    await create.click();
    await expect.element(dialogOf(screen)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialogOf(screen)).not.toBeInTheDocument();
    expect(prompts()).toEqual([]);
  });

  it('refuses a batch over the limit before anything is sent, naming the field and the limit', async () => {
    const { prompts } = stubCreates();
    const screen = await renderBox('{a, b, c, d, e, f, g} cat {1, 2, 3, 4, 5, 6, 7}');
    await expect
      .element(
        screen.getByText('prompt: this makes more than 40 prompts; a batch sends at most 40.'),
      )
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(prompts()).toEqual([]);
  });

  it("names a prompt's bad flag in the batch, and sends nothing", async () => {
    stubCreates();
    const screen = await renderBox('a cat --chaos {5, 500}');
    await expect
      .element(
        screen.getByText('Prompt 2 (a cat --chaos 500): --chaos must be an integer from 0 to 100'),
      )
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Create 2 jobs…' })).toBeDisabled();
  });

  it('confirms with Enter and sends every prompt in order, each with its own key', async () => {
    const { prompts, keys } = stubCreates();
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    await userEvent.keyboard('{Enter}');
    await expect.element(dialogOf(screen)).toBeVisible();
    await expect
      .element(dialogOf(screen).getByRole('button', { name: 'Create 4 jobs' }))
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(prompts).toEqual(CARS);
    expect(new Set(keys()).size).toBe(4);
    // All sent: the confirmation goes, the feed shows the jobs.
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops at a budget refusal, says which were sent, and tries again with the same keys', async () => {
    const { studio, prompts, keys } = stubCreates(3);
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    await screen.getByRole('button', { name: 'Create 4 jobs…' }).click();
    await dialogOf(screen).getByRole('button', { name: 'Create 4 jobs' }).click();
    const status = dialogOf(screen).getByRole('status');
    await expect.element(status).toHaveTextContent(/^2 of 4 jobs sent; 2 not sent\./);
    await expect.element(status).toHaveTextContent(/daily budget of 160 credits has 0 left/);
    // The third was refused; the fourth, started or not, was refused or never sent.
    expect(prompts().slice(0, 3)).toEqual(CARS.slice(0, 3));
    const items = listed(screen);
    expect(items[0]).toContain('Sent');
    expect(items[1]).toContain('Sent');
    expect(items[2]).toContain('Refused');
    expect(items[2]).toContain('daily budget');
    const firstKeys = keys();

    // The budget grows: trying again sends the two left, with the keys they had.
    studio.route(JOBS, ({ body }) => ({
      job: makeJob({
        id: 'batchJobMore',
        prompt: (body as { params: { text: string } }).params.text,
      }),
    }));
    await dialogOf(screen).getByRole('button', { name: 'Try again (2 jobs)' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    const retried = keys().slice(firstKeys.length);
    expect(prompts().slice(firstKeys.length)).toEqual(CARS.slice(2));
    // The same prompt, the same key: a create the studio did make is answered, not made again.
    expect(retried[0]).toBe(firstKeys[2]);
    if (firstKeys.length === 4) expect(retried[1]).toBe(firstKeys[3]);
    expect(firstKeys.slice(0, 2)).not.toContain(retried[1]);
  });
});
