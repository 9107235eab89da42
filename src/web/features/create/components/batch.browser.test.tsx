import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '@/web/styles.css';
import { stubStudioApi, studioError } from '@/web/components/testing/studio-api-stub';
import { makeJob } from '@/web/lib/testing/fixtures';
import { promptStore } from '../stores/prompt-store';
import { PromptBox } from './prompt-box';

const BATCH = 'POST /studio-api/jobs/batch';
const CARS = [
  'a red car --ar 1:1',
  'a red car --ar 16:9',
  'a blue car --ar 1:1',
  'a blue car --ar 16:9',
];

type Creates = { creates: { body: { params: { text: string } }; idempotencyKey: string }[] };

/** The studio: a batch queues a pending job per prompt, unless `refuse` says otherwise. */
function stubCreates(refuse = false) {
  let made = 0;
  const studio = stubStudioApi({
    [BATCH]: ({ body }) => {
      if (refuse) {
        return studioError(
          403,
          'Your daily budget of 160 credits has 160 left; these 4 creates cost 320.',
          { code: 'budget_exceeded' },
        );
      }
      return {
        jobs: (body as Creates).creates.map((c) =>
          makeJob({ id: `batchJob${String(++made).padStart(4, '0')}`, prompt: c.body.params.text }),
        ),
      };
    },
  });
  const requests = () => studio.to(BATCH).map((r) => (r.body as Creates).creates);
  return {
    studio,
    requests,
    prompts: () => requests().flatMap((cs) => cs.map((c) => c.body.params.text)),
    keys: () => requests().flatMap((cs) => cs.map((c) => c.idempotencyKey)),
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

  it('confirms with Enter and sends every prompt in order in one request, each with its own key', async () => {
    const { requests, prompts, keys } = stubCreates();
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    await userEvent.keyboard('{Enter}');
    await expect.element(dialogOf(screen)).toBeVisible();
    await expect
      .element(dialogOf(screen).getByRole('button', { name: 'Create 4 jobs' }))
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(prompts).toEqual(CARS);
    expect(requests()).toHaveLength(1);
    expect(new Set(keys()).size).toBe(4);
    // Queued: the confirmation goes, the feed shows the jobs.
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('says a refused batch queued nothing, and tries it again with the same keys', async () => {
    const { studio, prompts, keys } = stubCreates(true);
    const screen = await renderBox('a {red, blue} car --ar {1:1, 16:9}');
    await screen.getByRole('button', { name: 'Create 4 jobs…' }).click();
    await dialogOf(screen).getByRole('button', { name: 'Create 4 jobs' }).click();
    const status = dialogOf(screen).getByRole('status');
    await expect.element(status).toHaveTextContent(/^Nothing queued\./);
    await expect.element(status).toHaveTextContent(/daily budget of 160 credits has 160 left/);
    expect(prompts()).toEqual(CARS);
    expect(listed(screen).every((item) => item?.includes('Not sent'))).toBe(true);
    const firstKeys = keys();

    // The budget grows: trying again sends the batch with the keys it had.
    studio.route(BATCH, ({ body }) => ({
      jobs: (body as Creates).creates.map((c, i) =>
        makeJob({ id: `batchJobMor${i}`, prompt: c.body.params.text }),
      ),
    }));
    await dialogOf(screen).getByRole('button', { name: 'Try again (4 jobs)' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(prompts().slice(4)).toEqual(CARS);
    expect(keys().slice(4)).toEqual(firstKeys);
  });
});
