import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Invite, Person } from '@/contract/people';
import { renderWithClient } from '@/web/components/testing/render-with-client';
import { studioError, stubStudioApi } from '@/web/components/testing/studio-api-stub';
import { PeoplePanel } from './people-panel';

const person = (over: Partial<Person>): Person => ({
  id: 'ownerId00001',
  name: 'Owner',
  email: 'owner@localhost',
  role: 'owner',
  hasPassword: true,
  createdAt: '2026-11-01T10:00:00Z',
  ...over,
});
const OWNER = person({});
const ANA = person({ id: 'anaId0000001', name: 'Ana', email: 'ana@example.com', role: 'member' });

const invite = (over: Partial<Invite>): Invite => ({
  id: 'inviteId0001',
  role: 'viewer',
  email: null,
  status: 'open',
  createdBy: { id: OWNER.id, name: 'Owner' },
  createdAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-11-27T10:00:00Z',
  usedAt: null,
  usedBy: null,
  revokedAt: null,
  ...over,
});

describe('the People page', () => {
  it('lists people and changes a role and removes someone only after asking', async () => {
    let people = [OWNER, ANA];
    const api = stubStudioApi({
      'GET /studio-api/people': () => ({ people }),
      'GET /studio-api/invites': { invites: [] },
      'PATCH /studio-api/people/anaId0000001': (r) => {
        people = [OWNER, { ...ANA, role: (r.body as { role: Person['role'] }).role }];
        return { person: people[1] };
      },
      'DELETE /studio-api/people/anaId0000001': () => {
        people = [OWNER];
        return { removed: ANA.id };
      },
    });
    const { screen } = await renderWithClient(<PeoplePanel me={OWNER} />);
    const rows = screen.getByTestId('people').getByRole('row');
    await expect.element(rows.nth(2)).toHaveTextContent(/Ana.*ana@example\.com/);
    await expect.element(rows.nth(1)).toHaveTextContent('(you)');

    await screen.getByRole('combobox', { name: 'Role of Ana' }).selectOptions('viewer');
    await expect.poll(() => api.to('PATCH /studio-api/people/anaId0000001').length).toBe(1);
    expect(api.to('PATCH /studio-api/people/anaId0000001')[0]?.body).toEqual({ role: 'viewer' });
    await expect
      .element(screen.getByRole('combobox', { name: 'Role of Ana' }))
      .toHaveValue('viewer');

    await screen.getByRole('button', { name: 'Remove Ana' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Remove a person' });
    await expect.element(dialog).toHaveTextContent('Remove Ana?');
    // Cancel has the focus: Enter does not remove.
    await userEvent.keyboard('{Escape}');
    expect(api.to('DELETE /studio-api/people/anaId0000001')).toHaveLength(0);
    await screen.getByRole('button', { name: 'Remove Ana' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.element(screen.getByText('ana@example.com')).not.toBeInTheDocument();
    expect(api.stray).toEqual([]);
  });

  it('makes an invite and shows its link once with a Copy button, and revokes one', async () => {
    let invites = [invite({ id: 'oldInvite001', email: 'old@example.com' })];
    const made = invite({ id: 'newInvite001', role: 'member', email: 'bo@example.com' });
    const api = stubStudioApi({
      'GET /studio-api/people': { people: [OWNER] },
      'GET /studio-api/invites': () => ({ invites }),
      'POST /studio-api/invites': () => {
        invites = [made, ...invites];
        return { invite: made, link: 'http://127.0.0.1/invite/TOKEN' };
      },
      'DELETE /studio-api/invites/oldInvite001': () => {
        invites = invites.map((i) =>
          i.id === 'oldInvite001'
            ? { ...i, status: 'revoked' as const, revokedAt: '2026-11-21T10:00:00Z' }
            : i,
        );
        return { invite: invites[1] };
      },
    });
    const { screen } = await renderWithClient(<PeoplePanel me={OWNER} />);
    await screen
      .getByRole('combobox', { name: 'Role', exact: true })
      .first()
      .selectOptions('member');
    await screen.getByRole('textbox', { name: 'Email (optional)' }).fill('bo@example.com');
    await screen.getByRole('combobox', { name: 'Expires after' }).selectOptions('1 day');
    await screen.getByRole('button', { name: 'Make invite link' }).click();
    await expect
      .element(screen.getByRole('textbox', { name: 'Invite link' }))
      .toHaveValue('http://127.0.0.1/invite/TOKEN');
    await expect.element(screen.getByRole('button', { name: 'Copy invite link' })).toBeVisible();
    expect(api.to('POST /studio-api/invites')[0]?.body).toEqual({
      role: 'member',
      email: 'bo@example.com',
      expiresInHours: 24,
    });
    const list = screen.getByTestId('invites');
    await expect.element(list.getByRole('row').nth(1)).toHaveTextContent(/bo@example\.com.*open/);
    await screen.getByRole('button', { name: 'Done' }).click();
    await expect
      .element(screen.getByRole('textbox', { name: 'Invite link' }))
      .not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'Revoke the invite for old@example.com' }).click();
    await expect.element(list.getByRole('row').nth(2)).toHaveTextContent(/revoked/);
  });

  it('shows a refusal under the field it names, and one naming none above the form', async () => {
    stubStudioApi({
      'GET /studio-api/people': { people: [OWNER] },
      'GET /studio-api/invites': { invites: [] },
      'POST /studio-api/people': studioError(
        400,
        'email: must be an email address, such as ana@example.com',
      ),
      'POST /studio-api/invites': studioError(403, 'Only an owner may make an owner.', {
        code: 'forbidden',
      }),
    });
    const admin = person({ id: 'adminId00001', role: 'admin' });
    const { screen } = await renderWithClient(<PeoplePanel me={admin} />);
    await screen.getByRole('textbox', { name: 'Name' }).fill('Cy');
    await screen.getByRole('textbox', { name: 'Email', exact: true }).fill('cy');
    await screen.getByLabelText('Password', { exact: true }).fill('a long password');
    await screen.getByRole('button', { name: 'Add person' }).click();
    const email = screen.getByRole('textbox', { name: 'Email', exact: true });
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect.element(email).toHaveAccessibleDescription(/must be an email address/);

    // An admin is offered no owner role.
    const roles = screen.getByRole('combobox', { name: 'Role', exact: true }).first();
    expect([...(roles.element() as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'admin',
      'member',
      'viewer',
    ]);
    await screen.getByRole('button', { name: 'Make invite link' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Only an owner may make an owner.');
  });
});
