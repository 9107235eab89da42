import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Role } from '@/contract/people';
import type { Job } from '@/contract/studio-api';
import { describeJob, gridJob, stubStudio, type StudioStub } from '@/web/jobs/testing';
import '@/web/styles.css';
import { JobCard } from './job-card';
import { renderWithClient } from '@/web/components/testing/render-with-client';

const ANA = { id: 'AnaAnaAna123', name: 'Ana' };
const BEN = { id: 'BenBenBen123', name: 'Ben' };
let studio: StudioStub;

/** The studio says who is signed in: `who`, with `role`. */
function signedIn(who: { id: string; name: string }, role: Role) {
  studio.route('GET /studio-api/me', {
    me: { ...who, email: `${who.name}@example.com`, role, hasPassword: true, createdAt: '' },
  });
}

async function renderCard(job: Job, onUsePrompt?: (prompt: string) => void) {
  const { screen } = await renderWithClient(
    <JobCard job={job} parent={undefined} onUsePrompt={onUsePrompt} />,
  );
  const card = screen.getByRole('article');
  await expect.element(card).toBeVisible();
  // The rights are known once the studio has said who is signed in.
  await expect.poll(() => studio.to('GET /studio-api/me').length).toBe(1);
  return card;
}

const anasGrid = () => gridJob('anaJOB000001', { maker: ANA });

/** Ana's create waiting in the studio's queue at `place`: not sent, nothing made yet. */
const anasQueued = (id: string, place: number) =>
  gridJob(id, { maker: ANA, status: 'pending', progress: 0, output: null, queued: { place } });

describe('a job card, as each role sees it', () => {
  beforeEach(() => {
    studio = stubStudio();
  });
  afterEach(() => vi.restoreAllMocks());

  it('names who made the job', async () => {
    signedIn(BEN, 'viewer');
    const card = await renderCard(anasGrid());
    await expect.element(card.getByTestId('job-maker')).toHaveTextContent('by Ana');
  });

  it('shows a viewer no favourite, no follow-ups and no image menu, and its keys do nothing', async () => {
    signedIn(BEN, 'viewer');
    const card = await renderCard(anasGrid());
    await expect.element(card.getByRole('img', { name: /^Image 4 of/ })).toBeVisible();
    await expect.element(card.getByRole('group', { name: 'Upscale' })).not.toBeInTheDocument();
    await expect.element(card.getByRole('group', { name: 'Vary' })).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).not.toBeInTheDocument();
    await expect.element(card.getByRole('button', { name: /favourite/i })).not.toBeInTheDocument();
    await expect
      .element(card.getByRole('button', { name: 'More actions for image 1' }))
      .not.toBeInTheDocument();
    (card.element() as HTMLElement).focus();
    await userEvent.keyboard('1ur');
    expect(studio.creates()).toEqual([]);
  });

  it('shows a viewer a describe result’s prompts to copy, not to use', async () => {
    signedIn(BEN, 'viewer');
    const card = await renderCard(describeJob('descJOB00001'), vi.fn());
    await expect.element(card.getByRole('button', { name: 'Copy prompt 2' })).toBeVisible();
    await expect
      .element(card.getByRole('button', { name: 'Use prompt 2' }))
      .not.toBeInTheDocument();
  });

  it('shows a member follow-ups on another’s job, but no favourite', async () => {
    signedIn(BEN, 'member');
    const card = await renderCard(anasGrid());
    await expect.element(card.getByRole('group', { name: 'Upscale' })).toBeVisible();
    await expect.element(card.getByRole('button', { name: 'Reroll' })).toBeVisible();
    await expect.element(card.getByRole('button', { name: /favourite/i })).not.toBeInTheDocument();
  });

  it('shows a member their own job’s favourite', async () => {
    signedIn(ANA, 'member');
    const own = await renderCard(anasGrid());
    await expect.element(own.getByRole('button', { name: /favourite/i })).toBeVisible();
  });

  it('shows an admin the favourite of anyone’s job', async () => {
    signedIn(BEN, 'admin');
    const card = await renderCard(anasGrid());
    await expect.element(card.getByRole('button', { name: /favourite/i })).toBeVisible();
    await expect.element(card.getByRole('group', { name: 'Vary' })).toBeVisible();
  });

  it('shows a queued job’s place and no progress, and no move or cancel to another member', async () => {
    const queued = anasQueued('anaJOB000002', 3);
    signedIn(BEN, 'member');
    const others = await renderCard(queued);
    await expect
      .element(others.getByTestId('queued-place'))
      .toHaveTextContent('Queued · 3rd in line');
    await expect.element(others.getByRole('progressbar')).not.toBeInTheDocument();
    await expect.element(others.getByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('lets the maker of a queued job move it up, or cancel it', async () => {
    const queued = anasQueued('anaJOB000003', 2);
    studio.route('PUT /studio-api/jobs/anaJOB000003/place', {
      job: { ...queued, queued: { place: 1 } },
    });
    studio.route('DELETE /studio-api/jobs/anaJOB000003', { deleted: 'anaJOB000003' });
    signedIn(ANA, 'member');
    const card = await renderCard(queued);
    await expect
      .element(card.getByTestId('queued-place'))
      .toHaveTextContent('Queued · 2nd in line');
    await card.getByRole('button', { name: 'Move up' }).click();
    await expect
      .poll(() => studio.to('PUT /studio-api/jobs/anaJOB000003/place').map((r) => r.body))
      .toEqual([{ place: 1 }]);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => studio.to('DELETE /studio-api/jobs/anaJOB000003').length).toBe(1);
  });
});
