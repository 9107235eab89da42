import { afterEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { manifestSchema } from '@/contract/exports';
import {
  atLeast,
  meSchema,
  peopleListSchema,
  personNamesSchema,
  type Role,
} from '@/contract/people';
import type { Job } from '@/contract/studio-api';
import { ROUTE_TABLE, type RouteRule } from '../auth/access';
import { Stack, type Recorded } from '../test/harness';
import { PASSWORD, PEOPLE_PASSWORD, asJson, createAs, finished, signIn, team } from '../test/team';
import { mountedRoutes } from '../test/mounted-routes';
import { STORE_KINDS } from '../test/store-kinds';
import { studiosOn } from '../test/studio-on';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.stopChecked();
  stack = null;
});

const { studioOn } = studiosOn();

type Who = Role | null;
const WHO: Who[] = [null, 'viewer', 'member', 'admin', 'owner'];

/** What the table says `who` gets: in, 401 (or the sign-in page for a page), or 403. */
function expected(rule: RouteRule, who: Who): 'allowed' | 401 | 403 | 'sign-in page' {
  if (rule.access === 'public') return 'allowed';
  if (who === null) return rule.path === '/*' ? 'sign-in page' : 401;
  if (rule.access === 'signed-in') return 'allowed';
  return atLeast(who, rule.access) ? 'allowed' : 403;
}

/** What an answer was: the check's refusals, or anything the route itself said. */
function observed(res: Recorded): 'allowed' | 401 | 403 | 'sign-in page' {
  if (res.status === 302 && res.headers.get('location')?.startsWith('/login?next=')) {
    return 'sign-in page';
  }
  let code: unknown = null;
  let message = '';
  try {
    const body = JSON.parse(res.text) as { error?: { code?: unknown; message?: string } };
    code = body.error?.code;
    message = body.error?.message ?? '';
  } catch {
    // Not JSON: not a refusal of the check.
  }
  if (res.status === 401 && code === 'unauthenticated') return 401;
  if (
    res.status === 403 &&
    code === 'forbidden' &&
    /^Only (a member|an admin|an owner)/.test(message)
  ) {
    return 403;
  }
  return 'allowed';
}

const SAMPLE: Record<string, string> = {
  id: 'AAAAAAAAAAAA',
  key: '0',
  size: '256',
  token: 'A'.repeat(22),
  file: `${'A'.repeat(22)}.png`,
  icon: 'icon-192.png',
};

/** A request path for a route's pattern, each parameter filled in. */
const pathOf = (pattern: string): string =>
  pattern
    .replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => SAMPLE[name] ?? 'x')
    .replace(/\*$/, 'nothing-here');

/** The body each write gets: enough to pass the body checks, never to change anything. */
function bodyOf(rule: RouteRule): RequestInit {
  if (rule.method === 'GET' || rule.method === 'ALL' || rule.method === 'DELETE') return {};
  if (rule.path === '/login') {
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nobody%40example.com&password=wrong',
    };
  }
  const body = rule.path === '/studio-api/people/:id' ? { role: 'viewer' } : {};
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Sends a request as `cookie`'s person; an event stream is let go once it answers. */
async function ask(s: Stack, rule: RouteRule, cookie: string | null): Promise<Recorded> {
  const method = rule.method === 'ALL' ? 'GET' : rule.method;
  const init = bodyOf(rule);
  const headers: Record<string, string> = {
    ...(init.headers as Record<string, string>),
    ...(cookie ? { cookie } : {}),
  };
  // The SPA's pages are opened as navigations (a fetch of one signed out is refused), a
  // header fetch() will not send as given.
  if (rule.path === '/*')
    return s.raw(pathOf(rule.path), { headers: { ...headers, 'sec-fetch-mode': 'navigate' } });
  const url = pathOf(rule.path);
  if (rule.path === '/studio-api/events') {
    const res = await fetch(`${s.proxy.url}${url}`, { method, headers });
    const stream = res.headers.get('content-type')?.includes('event-stream') ?? false;
    const text = stream ? '' : await res.text();
    if (stream) await res.body?.cancel();
    return { url, status: res.status, headers: res.headers, bytes: Buffer.from(text), text };
  }
  return s.call(url, { ...init, method, headers, redirect: 'manual' });
}

describe('who may call which route', () => {
  it('has one rule for every route the studio mounts, and none for a route it does not', () => {
    const table = ROUTE_TABLE.filter((r) => r.within === undefined).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(new Set(table).size).toBe(table.length);
    const mounted = mountedRoutes().map((r) => `${r.method} ${r.path}`);
    expect(mounted.sort()).toEqual([...table].sort());
    // A rule within another route's path names that route.
    for (const r of ROUTE_TABLE.filter((x) => x.within !== undefined)) {
      expect(table).toContain(`GET ${r.within}`);
    }
  });

  it.each(STORE_KINDS)(
    'answers every route × role as the table says, over real sockets (%s)',
    async (kind) => {
      stack = await studioOn(kind);
      const { cookies } = await team(stack);
      const asRole: Record<Role, string> = {
        owner: cookies.owner ?? '',
        admin: cookies.admin0 ?? '',
        member: cookies.member1 ?? '',
        viewer: cookies.viewer2 ?? '',
      };
      const mismatches: string[] = [];
      let asked = 0;
      for (const rule of ROUTE_TABLE) {
        // Public routes are asked signed out only: signing out as someone would end them.
        for (const who of rule.access === 'public' ? [null] : WHO) {
          const res = await ask(stack, rule, who === null ? null : asRole[who]);
          asked++;
          const want = expected(rule, who);
          const got = observed(res);
          if (got !== want) {
            mismatches.push(
              `${rule.method} ${rule.path} as ${who ?? 'nobody'}: ${got}, not ${want}`,
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
      expect(asked).toBeGreaterThan(130);
    },
  );
});

describe("a member and another member's jobs", () => {
  it.each(STORE_KINDS)(
    'changes, favourites and deletes only their own; admins any; viewers none (%s)',
    async (kind) => {
      stack = await studioOn(kind);
      const s = stack;
      const { cookies, ids } = await team(s, ['admin', 'member', 'member', 'viewer']);
      const [admin, ana, ben, viewer] = [
        cookies.admin0 ?? '',
        cookies.member1 ?? '',
        cookies.member2 ?? '',
        cookies.viewer3 ?? '',
      ];
      const anas = await finished(s, ana, (await createAs(s, ana, 'a fox')).id);
      const bens = await finished(s, ben, (await createAs(s, ben, 'an owl')).id);

      // Ben, by the handle of Ana's job: refused, and her job unchanged.
      for (const [method, url] of [
        ['PUT', `/studio-api/jobs/${anas.id}/favourite`],
        ['DELETE', `/studio-api/jobs/${anas.id}/favourite`],
        ['DELETE', `/studio-api/jobs/${anas.id}`],
      ] as const) {
        const res = await s.json<{ error: { code: string; message: string } }>(url, {
          method,
          headers: { cookie: ben },
        });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.error.message).toMatch(/only their own jobs/);
      }
      // By handle in a bulk action or an export: refused, naming her job, and nothing done.
      for (const action of ['delete', 'favourite'] as const) {
        const bulk = await s.json<{ error: { message: string } }>(
          '/studio-api/jobs/bulk',
          asJson(ben, 'POST', { action, ids: [bens.id, anas.id] }),
        );
        expect(bulk.status, action).toBe(403);
        expect(bulk.body.error.message).toBe(
          `Someone else made this job (${anas.id}): a member may change or delete only their own jobs.`,
        );
      }
      const exported = await s.json<{ error: { message: string } }>(
        `/studio-api/exports/results.zip?ids=${bens.id},${anas.id}`,
        { headers: { cookie: ben } },
      );
      expect(exported.status).toBe(403);
      expect(exported.body.error.message).toBe(
        `Someone else made this job (${anas.id}): a member may export only their own jobs.`,
      );
      // By a filter: only his own are exported, and a bulk action leaves hers.
      const manifestOf = async (query: string, cookie: string) => {
        const res = await s.call(`/studio-api/exports/results.zip?${query}`, {
          headers: { cookie },
        });
        expect(res.status, query).toBe(200);
        const manifest = manifestSchema.parse(
          JSON.parse(new TextDecoder().decode(unzipSync(res.bytes)['manifest.json'])),
        );
        return manifest.files.map((f) => `${f.job} by ${f.maker?.name ?? '?'}`);
      };
      expect(new Set(await manifestOf('q=a', ben))).toEqual(new Set([`${bens.id} by A member`]));
      expect(await manifestOf(`maker=${ids.member1}`, ben)).toEqual([]);
      expect(new Set(await manifestOf(`maker=${ids.member1}`, admin))).toEqual(
        new Set([`${anas.id} by A member`]),
      );
      const all = await s.json<{ changed: number; skipped: number }>(
        '/studio-api/jobs/bulk',
        asJson(ben, 'POST', { action: 'favourite', filter: {} }),
      );
      expect(all.body).toMatchObject({ changed: 1, skipped: 1 });
      const still = await s.json<{ job: Job }>(`/studio-api/jobs/${anas.id}`, {
        headers: { cookie: ana },
      });
      expect(still.body.job).toMatchObject({
        id: anas.id,
        favourite: false,
        maker: { id: ids.member1, name: 'A member' },
      });
      expect(JSON.stringify(still.body)).not.toContain('@example.com');

      // The library by maker: `me`, or a person's id; a bad one is refused by name.
      const listed = async (query: string, cookie: string) => {
        const res = await s.json<{ jobs: Job[] }>(`/studio-api/jobs?${query}`, {
          headers: { cookie },
        });
        return res.body.jobs.map((j) => j.id);
      };
      expect(await listed('maker=me', ben)).toEqual([bens.id]);
      expect(await listed(`maker=${ids.member1}`, viewer)).toEqual([anas.id]);
      expect(await listed('maker=me', viewer)).toEqual([]);
      const bad = await s.json<{ error: { message: string } }>('/studio-api/jobs?maker=ana', {
        headers: { cookie: ben },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/maker: must be me or the id of a person/);

      // Everyone signed in may read who is who, by name only.
      const names = await s.json<unknown>('/studio-api/people/names', {
        headers: { cookie: viewer },
      });
      expect(names.status).toBe(200);
      const { people } = personNamesSchema.parse(names.body);
      expect(people.map((p) => p.name)).toEqual([
        'Owner',
        'A admin',
        'A member',
        'A member',
        'A viewer',
      ]);
      expect(JSON.stringify(names.body)).not.toMatch(/@|role/);

      // Ana, her own: allowed.
      const fav = await s.json<{ job: Job }>(`/studio-api/jobs/${anas.id}/favourite`, {
        method: 'PUT',
        headers: { cookie: ana },
      });
      expect(fav.status).toBe(200);
      expect(fav.body.job.favourite).toBe(true);

      // Ana's Idempotency-Key sent by Ben with the same create: a conflict, never her job.
      const keyed = (cookie: string) =>
        s.json<{ job?: Job; error?: { code: string } }>('/studio-api/jobs', {
          ...asJson(cookie, 'POST', { operation: 'diffusion', params: { text: 'same' } }),
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'key-1' },
        });
      const first = await keyed(ana);
      expect(first.status).toBe(200);
      expect((await keyed(ana)).body.job?.id).toBe(first.body.job?.id);
      const theirs = await keyed(ben);
      expect(theirs.status).toBe(422);
      expect(theirs.body.error?.code).toBe('idempotency_conflict');

      // A viewer reads and downloads, and changes nothing, not even by a bulk action.
      expect(
        (await s.call(`/studio-api/jobs/${anas.id}`, { headers: { cookie: viewer } })).status,
      ).toBe(200);
      const zip = await s.call(`/studio-api/exports/results.zip?ids=${anas.id}`, {
        headers: { cookie: viewer },
      });
      expect(zip.status).toBe(200);
      for (const [method, url, body] of [
        ['POST', '/studio-api/jobs', { operation: 'diffusion', params: { text: 'x' } }],
        ['POST', '/studio-api/jobs/bulk', { action: 'delete', ids: [anas.id] }],
        ['PUT', `/studio-api/jobs/${anas.id}/favourite`, undefined],
      ] as const) {
        const res = await s.json<{ error: { message: string } }>(url, asJson(viewer, method, body));
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.error.message).toBe(
          'Only a member, an admin or an owner may do this; you are signed in as a viewer.',
        );
      }

      // An admin may act on anyone's job.
      const gone = await s.json(`/studio-api/jobs/${anas.id}`, {
        method: 'DELETE',
        headers: { cookie: admin },
      });
      expect(gone.status).toBe(200);
    },
  );
});

describe('people', () => {
  it('ends the sessions of a person whose role changes or who is removed, at their next request', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD });
    const s = stack;
    const { cookies, ids } = await team(s, ['admin', 'member']);
    const [owner, admin, member] = [
      cookies.owner ?? '',
      cookies.admin0 ?? '',
      cookies.member1 ?? '',
    ];
    const me = async (cookie: string) => {
      const res = await s.json('/studio-api/me', { headers: { cookie } });
      return { status: res.status, body: res.status === 200 ? meSchema.parse(res.body) : null };
    };
    expect((await me(member)).body?.me.role).toBe('member');

    const changed = await s.json(
      `/studio-api/people/${ids.member1}`,
      asJson(admin, 'PATCH', { role: 'viewer' }),
    );
    expect(changed.status).toBe(200);
    // The very next request: the session was deleted in the change's own transaction, and
    // every request reads the store, so every replica sees it at once.
    expect((await me(member)).status).toBe(401);
    const again = await signIn(s, 'member1@example.com', PEOPLE_PASSWORD);
    expect((await me(again)).body?.me.role).toBe('viewer');

    const removed = await s.json(`/studio-api/people/${ids.member1}`, {
      method: 'DELETE',
      headers: { cookie: admin },
    });
    expect(removed.status).toBe(200);
    expect((await me(again)).status).toBe(401);
    const listed = await s.json('/studio-api/people', { headers: { cookie: owner } });
    expect(
      peopleListSchema
        .parse(listed.body)
        .people.map((p) => p.email)
        .sort(),
    ).toEqual(['admin0@example.com', 'owner@localhost']);
  });

  it('keeps an owner: an admin cannot make, change or remove one, nor can the last owner go', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD });
    const s = stack;
    const { cookies, ids } = await team(s, ['admin']);
    const [owner, admin] = [cookies.owner ?? '', cookies.admin0 ?? ''];
    const ownerId = (
      await s.json<{ me: { id: string } }>('/studio-api/me', { headers: { cookie: owner } })
    ).body.me.id;
    const refusals = [
      await s.json<{ error: { message: string } }>(
        '/studio-api/people',
        asJson(admin, 'POST', {
          name: 'X',
          email: 'x@example.com',
          role: 'owner',
          password: PEOPLE_PASSWORD,
        }),
      ),
      await s.json<{ error: { message: string } }>(
        `/studio-api/people/${ownerId}`,
        asJson(admin, 'PATCH', { role: 'member' }),
      ),
      await s.json<{ error: { message: string } }>(
        `/studio-api/people/${ids.admin0}`,
        asJson(admin, 'PATCH', { role: 'owner' }),
      ),
      await s.json<{ error: { message: string } }>(`/studio-api/people/${ownerId}`, {
        method: 'DELETE',
        headers: { cookie: admin },
      }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(403);
      expect(r.body.error.message).toMatch(/^Only an owner may make, change or remove an owner/);
    }
    const last = await s.json<{ error: { code: string } }>(
      `/studio-api/people/${ownerId}`,
      asJson(owner, 'PATCH', { role: 'admin' }),
    );
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_owner');
    // With a second owner, the first may step down.
    const second = await s.json(
      `/studio-api/people/${ids.admin0}`,
      asJson(owner, 'PATCH', { role: 'owner' }),
    );
    expect(second.status).toBe(200);
    expect(
      (await s.json(`/studio-api/people/${ownerId}`, asJson(owner, 'PATCH', { role: 'admin' })))
        .status,
    ).toBe(200);
  });

  it('refuses a person it cannot keep, naming the field and what it allows', async () => {
    stack = await Stack.start({ studioPassword: PASSWORD });
    const s = stack;
    const owner = await signIn(s, 'owner@localhost', PASSWORD);
    const add = (body: unknown) =>
      s.json<{ error: { code: string; message: string } }>(
        '/studio-api/people',
        asJson(owner, 'POST', body),
      );
    const good = {
      name: 'Ana',
      email: 'Ana@Example.com',
      role: 'member',
      password: PEOPLE_PASSWORD,
    };
    const cases: [unknown, RegExp][] = [
      [{ ...good, email: 'not an email' }, /^email: must be an email address/],
      [{ ...good, password: 'short' }, /^password: must be at least 12 characters/],
      [{ ...good, role: 'boss' }, /^role: must be one of owner, admin, member, viewer/],
      [{ ...good, name: '' }, /^name: must not be empty/],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await add(good)).status).toBe(201);
    const twice = await add({ ...good, email: 'ana@example.COM' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('email_taken');
    const patch = await s.json<{ error: { message: string } }>(
      '/studio-api/people/AAAAAAAAAAAA',
      asJson(owner, 'PATCH', { role: 'chief' }),
    );
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toMatch(/^role: must be one of owner, admin, member, viewer/);
  });
});

describe('zero configuration and the one password before', () => {
  it('opens on loopback without a password as the owner, who cannot add people who could not sign in', async () => {
    stack = await Stack.start();
    const me = await stack.json<{ me: { name: string; email: string; role: Role } }>(
      '/studio-api/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.me).toMatchObject({ name: 'Owner', email: 'owner@localhost', role: 'owner' });
    const job = await finished(stack, '', (await createAs(stack, '', 'before the password')).id);
    const add = await stack.json<{ error: { code: string; hint: string } }>(
      '/studio-api/people',
      asJson('', 'POST', {
        name: 'Ana',
        email: 'ana@example.com',
        role: 'member',
        password: PEOPLE_PASSWORD,
      }),
    );
    expect(add.status).toBe(409);
    expect(add.body.error.hint).toMatch(/STUDIO_PASSWORD/);

    // Later started with STUDIO_PASSWORD: that is the owner's password, alone or with the email.
    await stack.restart({ studioPassword: PASSWORD });
    expect((await stack.call('/studio-api/me')).status).toBe(401);
    const alone = await stack.call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: PASSWORD }).toString(),
      redirect: 'manual',
    });
    expect(alone.status).toBe(303);
    const cookie = (alone.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const again = await stack.json<{ me: { role: Role; id: string } }>('/studio-api/me', {
      headers: { cookie },
    });
    expect(again.body.me.role).toBe('owner');
    // The owner's job from before is still the owner's to delete.
    const del = await stack.json(`/studio-api/jobs/${job.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(del.status).toBe(200);
    expect(stack.rows('SELECT count(*) AS n FROM people')).toEqual([{ n: 1 }]);
    expect(stack.rows('SELECT password_hash FROM people')).toEqual([
      { password_hash: expect.stringMatching(/^scrypt\$N=32768,r=8,p=1\$/) },
    ]);
  });
});
