import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { formatIssues } from '@/contract/errors';
import {
  acceptInviteSchema,
  INVITE_HOURS,
  inviteIdSchema,
  newInviteSchema,
} from '@/contract/people';
import { callerOf } from '../auth/access';
import type { SessionCookie } from '../auth/cookie';
import { invitePage, inviteMessagePage, type InviteForm } from '../auth/invite-page';
import { hashPassword } from '../auth/passwords';
import {
  FailureBackoff,
  RateLimit,
  type BackoffState,
  type BackoffStore,
} from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import type { Logger, Redactor } from '../log';
import { toInvite } from '../model/invites';
import type { StoredInvites } from '../store/invites';
import { INVITE_NOT_VALID } from '../store/invites';
import { StudioHttpError, studioError } from '../studio-error';
import { clientOf } from '../auth/client';
import { audited, type AuditLog } from './audited';
import { field } from './login';
import { ownersByOwners, signInOff } from './people';
import { formFields, rejectInvalid, requireJson } from './validate';

const HOUR_MS = 60 * 60 * 1000;

interface InviteApiDeps {
  invites: StoredInvites;
  audit: AuditLog;
  log: Logger;
  redact: Redactor;
  /** Where links point: PUBLIC_URL, else the studio's own address. */
  publicUrl: () => string;
  /** Whether people sign in (STUDIO_PASSWORD is set); without, no one could take an invite. */
  signIn: boolean;
}

const noSuchInvite = () =>
  new StudioHttpError(studioError(404, 'not_found', 'No invite with that id in this studio.'));

/**
 * `/studio-api/invites` (admins and owners, auth/access.ts): list them without their
 * tokens, make one (its link answered this once), revoke one. Who may invite whom is as
 * for a role change: only an owner invites (or revokes the invite of) an owner.
 */
export function inviteApiRoutes(deps: InviteApiDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);
  const param = zValidator('param', z.object({ id: inviteIdSchema }), (result) => {
    if (!result.success) throw noSuchInvite();
  });

  app.get('/invites', async (c) => {
    const now = Date.now();
    const invites = await deps.invites.list();
    return c.json({ invites: invites.map((i) => toInvite(i, now)) });
  });

  app.post('/invites', requireJson, zValidator('json', newInviteSchema, invalid), async (c) => {
    const caller = callerOf(c);
    const asked = c.req.valid('json');
    if (!deps.signIn) throw signInOff();
    ownersByOwners(caller, asked.role);
    const now = Date.now();
    const { invite, token } = await deps.invites.create(
      {
        role: asked.role,
        email: asked.email ?? null,
        createdBy: caller.id,
        lifetimeMs: (asked.expiresInHours ?? INVITE_HOURS.default) * HOUR_MS,
      },
      now,
    );
    deps.log.info('invite made', { invite: invite.id, role: invite.role, by: caller.id });
    await audited(c, deps.audit, {
      action: 'invite_made',
      subject: invite.id,
      detail: { role: invite.role, email: invite.email },
    });
    const link = `${deps.publicUrl()}/invite/${token}`;
    return c.json({ invite: toInvite(invite, now), link }, 201);
  });

  app.delete('/invites/:id', param, async (c) => {
    const caller = callerOf(c);
    const { id } = c.req.valid('param');
    const revoked = await deps.invites.revoke(id, (invite) => ownersByOwners(caller, invite.role));
    if (!revoked) throw noSuchInvite();
    deps.log.info('invite revoked', { invite: id, by: caller.id });
    await audited(c, deps.audit, { action: 'invite_revoked', subject: id });
    return c.json({ invite: toInvite(revoked, Date.now()) });
  });
  return app;
}

interface InvitePageDeps {
  invites: StoredInvites;
  audit: AuditLog;
  sessions: Sessions;
  cookie: SessionCookie;
  log: Logger;
  /** The sign-in backoff's store: invite links keep a backoff of their own in it. */
  signIns: BackoffStore;
  /** The limits' clock (tests move it rather than wait for a window to pass). */
  now?: () => number;
}

/** Ten invite pages a minute from one address: a person with typos needs a few, no one more. */
const TRIES = 10;
const WINDOW_MS = 60_000;
/**
 * Links that make no one, from every address together: twenty a minute are forgiven
 * (an old link opened again), more pause every invite page, doubling up to 15 minutes.
 */
const FREE_FAILURES = 20;
const MAX_PAUSE_MS = 15 * 60_000;
/** The row of the sign-in backoff that invite links keep (no email has this form). */
const BACKOFF_KEY = '#invite-links';

const empty = (): BackoffState => ({ failures: [], pausedUntil: 0, pauses: 0 });

/**
 * The invite links' limits, made of the sign-in's pieces: each address's tries
 * (`RateLimit`), and one backoff of the links that make no one shared by every replica
 * (`FailureBackoff`, kept in the sign-in backoff's store under a key of its own).
 */
function inviteLimits(deps: InvitePageDeps) {
  const perAddress = new RateLimit(TRIES, WINDOW_MS);
  const change = (now: number, fail: boolean) =>
    deps.signIns.update(BACKOFF_KEY, async (states) => {
      const backoff = new FailureBackoff(FREE_FAILURES, WINDOW_MS, MAX_PAUSE_MS, states.account);
      const waitS = backoff.wait(now);
      const pauseS = fail && waitS === null ? backoff.failed(now) : null;
      return {
        states: { studio: states.studio ?? empty(), account: backoff.state },
        result: { waitS, pauseS },
      };
    });
  return {
    /** Seconds to wait before this address may open an invite page again, or null. */
    async refused(c: Context, now: number): Promise<number | null> {
      const waitS = perAddress.attempt(clientOf(c), now);
      if (waitS !== null) return waitS;
      return (await change(now, false)).waitS;
    },
    /** Counts a link that made no one. */
    async failed(now: number, log: Logger): Promise<void> {
      const { pauseS } = await change(now, true);
      if (pauseS !== null)
        log.warn('invite links paused after many that were not valid', { pauseS });
    },
  };
}

/**
 * `GET /invite/:token`, the page an invite link opens, and `POST /invite/:token`, its
 * form: the person is made with the invite's role, the invite is used up in the same
 * transaction (store/invites.ts), and the new person is signed in. A link that makes no
 * one (unknown, malformed, used, revoked or lapsed) opens the same page, 404 or 410.
 */
export function invitePageRoutes(deps: InvitePageDeps): Hono {
  const app = new Hono();
  const limits = inviteLimits(deps);
  const clock = deps.now ?? Date.now;
  const tooMany = (c: Context, waitS: number) => {
    c.header('retry-after', String(waitS));
    return c.html(inviteMessagePage(`Too many attempts. Try again in ${waitS} s.`), 429);
  };
  const notValid = async (c: Context, known: boolean, now: number) => {
    await limits.failed(now, deps.log);
    return c.html(inviteMessagePage(INVITE_NOT_VALID), known ? 410 : 404);
  };

  app.get('/invite/:token', async (c) => {
    const now = clock();
    const waitS = await limits.refused(c, now);
    if (waitS !== null) return tooMany(c, waitS);
    const looked = await deps.invites.look(c.req.param('token'), now);
    if (looked.kind !== 'open') return notValid(c, looked.known, now);
    return c.html(invitePage(c.req.path, looked.invite, { name: '', email: '' }, null));
  });

  app.post('/invite/:token', async (c) => {
    const now = clock();
    const waitS = await limits.refused(c, now);
    if (waitS !== null) return tooMany(c, waitS);
    const token = c.req.param('token');
    const looked = await deps.invites.look(token, now);
    if (looked.kind !== 'open') return notValid(c, looked.known, now);
    const { invite } = looked;
    const body = await formFields(c, 'name');
    const form: InviteForm = {
      name: field(body.name).slice(0, 1000),
      email: invite.email ?? field(body.email).slice(0, 1000),
    };
    const again = (message: string, status: 400 | 409) =>
      c.html(invitePage(c.req.path, invite, form, message), status);
    const parsed = acceptInviteSchema.safeParse({ ...form, password: field(body.password) });
    if (!parsed.success) return again(formatIssues(parsed.error), 400);
    if (field(body.confirm) !== parsed.data.password) {
      return again('confirm: must be the same as the password', 400);
    }
    let person;
    try {
      person = await deps.invites.accept(
        token,
        { ...parsed.data, passwordHash: await hashPassword(parsed.data.password) },
        clock(),
      );
    } catch (e) {
      if (!(e instanceof StudioHttpError)) throw e;
      if (e.error.code === 'invite_not_valid') return notValid(c, true, now);
      if (e.error.status === 409) return again(e.error.message, 409);
      throw e;
    }
    // A browser signed in as someone else is now the new person alone.
    await deps.sessions.end(deps.cookie.read(c));
    const session = await deps.sessions.create(person.id);
    deps.cookie.write(c, session.token, session.maxAgeS);
    deps.log.info('invite taken', { invite: invite.id, person: person.id, role: person.role });
    await deps.audit.append({
      actor: person.id,
      action: 'invite_used',
      subject: invite.id,
      detail: { role: person.role },
      ip: clientOf(c),
    });
    return c.redirect('/', 303);
  });
  return app;
}
