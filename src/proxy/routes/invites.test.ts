import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { inviteListSchema, inviteMadeSchema, meSchema } from '@/contract/people';
import { Stack } from '../test/harness';
import { asJson, signIn } from '../test/team';

const PASSWORD = 'correct horse battery';
const PEOPLE_PASSWORD = 'a long enough password';
const NOT_VALID =
  'This invite link is not valid (expired, used or revoked). Ask an admin for a new one.';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

/** The owner, an admin, a member and a viewer, each signed in. */
async function studio() {
  const s = await Stack.start({ studioPassword: PASSWORD });
  stack = s;
  const owner = await signIn(s, 'owner@localhost', PASSWORD);
  const cookies: Record<string, string> = { owner };
  for (const role of ['admin', 'member', 'viewer']) {
    const email = `${role}@example.com`;
    const made = await s.json(
      '/studio-api/people',
      asJson(owner, 'POST', { name: role, email, role, password: PEOPLE_PASSWORD }),
    );
    expect(made.status).toBe(201);
    cookies[role] = await signIn(s, email, PEOPLE_PASSWORD);
  }
  return { s, cookies };
}

const invite = async (s: Stack, cookie: string, body: unknown) => {
  const res = await s.json('/studio-api/invites', asJson(cookie, 'POST', body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return inviteMadeSchema.parse(res.body);
};

/** The invite page's form, sent as the browser sends it from the page itself. */
const accept = (s: Stack, path: string, fields: Record<string, string>, site = 'same-origin') =>
  s.call(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': site,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const pathOf = (link: string) => new URL(link).pathname;

describe('invites', () => {
  it('are made by admins and owners only, with their link answered once and never listed', async () => {
    const { s, cookies } = await studio();
    const made = await invite(s, cookies.admin ?? '', { role: 'member' });
    expect(made.link).toMatch(new RegExp(`^${s.proxy.url}/invite/[A-Za-z0-9_-]{43}$`));
    expect(made.invite).toMatchObject({ role: 'member', email: null, status: 'open' });
    const days = (Date.parse(made.invite.expiresAt) - Date.parse(made.invite.createdAt)) / 864e5;
    expect(days).toBe(7);

    const listed = await s.json('/studio-api/invites', {
      headers: { cookie: cookies.owner ?? '' },
    });
    expect(listed.status).toBe(200);
    expect(inviteListSchema.parse(listed.body).invites.map((i) => i.id)).toEqual([made.invite.id]);
    expect(listed.rec.text).not.toContain(pathOf(made.link).split('/')[2]);

    for (const who of ['member', 'viewer']) {
      const cookie = cookies[who] ?? '';
      for (const [method, path] of [
        ['GET', '/studio-api/invites'],
        ['POST', '/studio-api/invites'],
        ['DELETE', `/studio-api/invites/${made.invite.id}`],
      ] as const) {
        const res = await s.json<{ error: { message: string } }>(
          path,
          asJson(cookie, method, method === 'POST' ? { role: 'viewer' } : undefined),
        );
        expect(res.status, `${method} ${path} as ${who}`).toBe(403);
        expect(res.body.error.message).toBe(
          `Only an admin or an owner may do this; you are signed in as a ${who}.`,
        );
      }
    }

    // As for a role change: an admin invites no owner; an owner does.
    const owner = await s.json<{ error: { message: string } }>(
      '/studio-api/invites',
      asJson(cookies.admin ?? '', 'POST', { role: 'owner' }),
    );
    expect(owner.status).toBe(403);
    expect(owner.body.error.message).toMatch(/^Only an owner may make, change or remove an owner/);
    const byOwner = await invite(s, cookies.owner ?? '', { role: 'owner', expiresInHours: 1 });
    const revokeOwners = await s.json(
      `/studio-api/invites/${byOwner.invite.id}`,
      asJson(cookies.admin ?? '', 'DELETE'),
    );
    expect(revokeOwners.status).toBe(403);

    const cases: [unknown, RegExp][] = [
      [{ role: 'boss' }, /^role: must be one of owner, admin, member, viewer/],
      [{ role: 'member', expiresInHours: 0 }, /^expiresInHours: must be at least 1 hour/],
      [{ role: 'member', expiresInHours: 721 }, /^expiresInHours: must be at most 720 hours/],
      [{ role: 'member', email: 'nope' }, /^email: must be an email address/],
    ];
    for (const [body, message] of cases) {
      const res = await s.json<{ error: { message: string } }>(
        '/studio-api/invites',
        asJson(cookies.owner ?? '', 'POST', body),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });

  it('makes the invited person with its role and signs them in, once', async () => {
    const { s, cookies } = await studio();
    const made = await invite(s, cookies.admin ?? '', {
      role: 'member',
      email: 'Dee@Example.com',
      expiresInHours: 24,
    });
    const path = pathOf(made.link);
    const page = await s.call(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are invited as a member.');
    expect(page.text).toMatch(/<input id="email"[^>]*value="Dee@Example.com"[^>]*readonly/);

    // What is wrong is said by its field, and the invite stays open.
    const fields = { name: 'Dee', email: 'ignored@example.com', password: PEOPLE_PASSWORD };
    const mismatch = await accept(s, path, { ...fields, confirm: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('confirm: must be the same as the password');
    const short = await accept(s, path, { ...fields, password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('password: must be at least 12 characters');

    const done = await accept(s, path, { ...fields, confirm: PEOPLE_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    const cookie = (done.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = await s.json('/studio-api/me', { headers: { cookie } });
    expect(meSchema.parse(me.body).me).toMatchObject({
      name: 'Dee',
      email: 'Dee@Example.com',
      role: 'member',
    });
    // Their password is theirs: they sign in with it like anyone.
    await signIn(s, 'dee@example.com', PEOPLE_PASSWORD);

    const again = await accept(s, path, {
      ...fields,
      email: 'e@example.com',
      confirm: PEOPLE_PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(again.text).toContain(NOT_VALID);
    expect(again.headers.get('set-cookie')).toBeNull();
    const opened = await s.call(path);
    expect(opened.status).toBe(410);
    const listed = inviteListSchema.parse(
      (await s.json('/studio-api/invites', { headers: { cookie: cookies.owner ?? '' } })).body,
    );
    expect(listed.invites[0]).toMatchObject({ status: 'used', usedBy: { name: 'Dee' } });
    // The audit log has who made the invite and who used it.
    const log = await s.json<{ entries: { action: string; actor: { name: string } | null }[] }>(
      '/studio-api/audit?action=invite_made',
      { headers: { cookie: cookies.owner ?? '' } },
    );
    expect(log.body.entries.map((e) => e.actor?.name)).toEqual(['admin']);
    const used = await s.json<{ entries: { actor: { name: string } | null }[] }>(
      '/studio-api/audit?action=invite_used',
      { headers: { cookie: cookies.owner ?? '' } },
    );
    expect(used.body.entries.map((e) => e.actor?.name)).toEqual(['Dee']);

    // Unknown and malformed links open the same page.
    for (const other of [`/invite/${'B'.repeat(43)}`, '/invite/not-a-token']) {
      const res = await s.call(other);
      expect(res.status).toBe(404);
      expect(res.text).toContain(NOT_VALID);
    }
  });

  it('refuses a form posted from another site, and a revoked or expired link', async () => {
    const { s, cookies } = await studio();
    const made = await invite(s, cookies.owner ?? '', { role: 'viewer' });
    const path = pathOf(made.link);
    const fields = {
      name: 'Eve',
      email: 'eve@example.com',
      password: PEOPLE_PASSWORD,
      confirm: PEOPLE_PASSWORD,
    };
    const cross = await accept(s, path, fields, 'cross-site');
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.text)).toMatchObject({ error: { code: 'cross_site' } });
    expect((await s.call(path)).status).toBe(200);

    const revoked = await s.json<{ invite: { status: string } }>(
      `/studio-api/invites/${made.invite.id}`,
      asJson(cookies.admin ?? '', 'DELETE'),
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.invite.status).toBe('revoked');
    const page = await s.call(path);
    expect(page.status).toBe(410);
    expect(page.text).toContain(NOT_VALID);
    const taken = await accept(s, path, fields);
    expect(taken.status).toBe(410);
    const people = await s.json<{ people: { email: string }[] }>('/studio-api/people', {
      headers: { cookie: cookies.owner ?? '' },
    });
    expect(people.body.people.map((p) => p.email)).not.toContain('eve@example.com');

    // A link past its time: the same page, and the list says it expired.
    const late = await invite(s, cookies.owner ?? '', { role: 'member', expiresInHours: 1 });
    const db = new Database(join(s.dataDir, 'studio.sqlite'));
    db.prepare('UPDATE invites SET expires_ms = ? WHERE id = ?').run(
      Date.now() - 1,
      late.invite.id,
    );
    db.close();
    const expired = await s.call(pathOf(late.link));
    expect(expired.status).toBe(410);
    expect(expired.text).toContain(NOT_VALID);
    expect((await accept(s, pathOf(late.link), fields)).status).toBe(410);
    const listed = inviteListSchema.parse(
      (await s.json('/studio-api/invites', { headers: { cookie: cookies.owner ?? '' } })).body,
    );
    expect(listed.invites.find((i) => i.id === late.invite.id)?.status).toBe('expired');
  });

  it('makes one person when one link is sent twice at once', async () => {
    const { s, cookies } = await studio();
    const made = await invite(s, cookies.owner ?? '', { role: 'member' });
    const path = pathOf(made.link);
    const form = (name: string) => ({
      name,
      email: `${name}@example.com`,
      password: PEOPLE_PASSWORD,
      confirm: PEOPLE_PASSWORD,
    });
    const answers = await Promise.all([accept(s, path, form('fay')), accept(s, path, form('gus'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
    const people = await s.json<{ people: { email: string }[] }>('/studio-api/people', {
      headers: { cookie: cookies.owner ?? '' },
    });
    const joined = people.body.people.filter((p) => /^(fay|gus)@/.test(p.email));
    expect(joined).toHaveLength(1);
  });

  it('are refused by a studio without sign-in, where no one could take one', async () => {
    stack = await Stack.start();
    const res = await stack.json<{ error: { code: string; hint: string } }>(
      '/studio-api/invites',
      asJson('', 'POST', { role: 'member' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'sign_in_off' });
    expect(res.body.error.hint).toMatch(/STUDIO_PASSWORD/);
  });

  it('limits how often one address opens invite pages', async () => {
    const { s } = await studio();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.call(`/invite/${'C'.repeat(43)}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    const limited = await s.call(`/invite/${'C'.repeat(43)}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.text).toContain('Too many attempts.');
  });
});
