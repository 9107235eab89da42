import { expect, test, type Page } from '@playwright/test';
import { peopleStudio, send, signIn as signInAt } from './people-studio';

/**
 * Who made what, and what each role may do with it: a member and a viewer on a studio with
 * a password, beside the owner (a studio of its own: each sign-in counts against the
 * address's limit of five a minute).
 */
const OWNER_PASSWORD = 'attribution studio owner';
const studioUrl = peopleStudio(OWNER_PASSWORD);
const signIn = (page: Page, email: string, password: string) =>
  signInAt(page, studioUrl(), email, password);

const MEMBER = { name: 'Mia', email: 'mia@example.com', password: 'a member password' };
const VIEWER_TOO = { name: 'Vic', email: 'vic@example.com', password: 'another viewer password' };

/** A job made from the page as its person, followed until it has finished. */
async function made(page: Page, text: string): Promise<{ id: string; consumed: number }> {
  const created = await send(page, 'POST', '/studio-api/jobs', {
    operation: 'diffusion',
    params: { text },
  });
  expect(created.status).toBe(200);
  const { id } = (created.body as unknown as { job: { id: string } }).job;
  let consumed = -1;
  await expect
    .poll(
      async () => {
        const job = await page.evaluate(async (path) => {
          const res = await fetch(path);
          return ((await res.json()) as { job: { status: string; cost: { consumed: number } } })
            .job;
        }, `/studio-api/jobs/${id}`);
        consumed = job.cost.consumed;
        return job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return { id, consumed };
}

test('a member and a viewer see only the actions their role allows, by whom each job was made', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner@localhost', OWNER_PASSWORD);
  const added = await send(page, 'POST', '/studio-api/people', { ...MEMBER, role: 'member' });
  expect(added.status).toBe(201);
  const viewerAdded = await send(page, 'POST', '/studio-api/people', {
    ...VIEWER_TOO,
    role: 'viewer',
  });
  expect(viewerAdded.status).toBe(201);
  const miaId = (added.body as unknown as { person: { id: string } }).person.id;
  await made(page, 'attrib owner lighthouse');

  const memberContext = await browser.newContext();
  const mia = await memberContext.newPage();
  await signIn(mia, MEMBER.email, MEMBER.password);
  const hers = [await made(mia, 'attrib mia harbour'), await made(mia, 'attrib mia kite')];

  // Her own job: favourite and follow-ups; the owner's: follow-ups only, and its maker.
  await mia.goto(`${studioUrl()}/#/library?q=attrib`);
  const card = (p: Page, text: string) => p.getByRole('article').filter({ hasText: text });
  const own = card(mia, 'attrib mia harbour');
  await expect(own.getByTestId('job-maker')).toHaveText('by Mia');
  await expect(own.getByRole('button', { name: 'Favourite', exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: 'V1' })).toBeVisible();
  const owners = card(mia, 'attrib owner lighthouse');
  await expect(owners.getByTestId('job-maker')).toHaveText('by Owner');
  await expect(owners.getByRole('button', { name: 'V1' })).toBeVisible();
  await expect(owners.getByRole('button', { name: 'Favourite', exact: true })).toHaveCount(0);

  // Mine: only hers.
  await mia.getByLabel('Made by').selectOption('me');
  await expect(mia).toHaveURL(/maker=me/);
  await expect(card(mia, 'attrib owner lighthouse')).toHaveCount(0);
  await expect(mia.getByRole('article')).toHaveCount(2);

  // The account page gives her the credits of her jobs.
  await page.goto(`${studioUrl()}/#/account`);
  const row = page.getByTestId('people-table').locator(`[data-person="${miaId}"]`);
  await expect(row).toHaveAttribute(
    'data-consumed',
    String(hers.reduce((a, j) => a + j.consumed, 0)),
  );
  await expect(row).toContainText('Mia');

  // A viewer: no favourite, no upscale or variation, on anyone's job.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, VIEWER_TOO.email, VIEWER_TOO.password);
  await viewer.goto(`${studioUrl()}/#/library?q=attrib`);
  await expect(viewer.getByRole('article')).toHaveCount(3);
  await expect(card(viewer, 'attrib mia kite').getByTestId('job-maker')).toHaveText('by Mia');
  for (const name of ['Favourite', 'V1', 'U1', 'Reroll']) {
    await expect(viewer.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await memberContext.close();
  await viewerContext.close();
});
