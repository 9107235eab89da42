import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isVideoOutput } from '@/contract/task';
import {
  DEFAULT_SHARE_DAYS,
  SHARES_PER_PERSON,
  newShareSchema,
  shareIdSchema,
  type Share,
} from '@/contract/shares';
import { callerOf } from '../auth/access';
import { clientOf } from '../auth/client';
import { RateLimit } from '../auth/rate-limit';
import type { Redactor } from '../log';
import { mayChangeJob } from '../model/people';
import type { JobRecord } from '../model/record';
import { mediaEntries, titleOfRecord } from '../model/to-job';
import type { HistoryStore } from '../store/shared-store';
import type { ShareRecord, StoredShares } from '../store/shares';
import { StudioHttpError, jobNotFound, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { KEY_RE, noMedia, outputResponse, type MediaDeps } from './media';
import { sharePage, shareGonePage, type SharedMedia } from './share-page';
import { thumbResponse, thumbSize, type ThumbDeps } from './thumbs';
import { rejectInvalid, requireJson } from './validate';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ShareApiDeps {
  shares: StoredShares;
  history: Pick<HistoryStore, 'get'>;
  audit: AuditLog;
  redact: Redactor;
  /** Where links point: PUBLIC_URL, else the studio's own address. */
  publicUrl: () => string;
}

const noSuchShare = () =>
  new StudioHttpError(studioError(404, 'not_found', 'No share link with that id in this studio.'));

/** What a share link shows now: the state its list says, from its row and its job. */
function shareState(share: ShareRecord, job: JobRecord | null, now: number): Share['state'] {
  if (share.revokedMs !== null) return 'revoked';
  if (share.expiresMs <= now) return 'expired';
  return job === null ? 'gone' : 'active';
}

const titleOf = (job: JobRecord | null): string =>
  job === null ? 'A deleted job' : titleOfRecord(job);

async function toShare(deps: ShareApiDeps, share: ShareRecord, now: number): Promise<Share> {
  const job = await deps.history.get(share.jobHandle);
  return {
    id: share.id,
    url: `${deps.publicUrl()}/s/${await deps.shares.token(share.id)}`,
    jobId: share.jobHandle,
    index: share.index,
    title: titleOf(job),
    showPrompt: share.showPrompt,
    createdAt: new Date(share.createdMs).toISOString(),
    expiresAt: new Date(share.expiresMs).toISOString(),
    revokedAt: share.revokedMs === null ? null : new Date(share.revokedMs).toISOString(),
    state: shareState(share, job, now),
    maker: share.createdBy,
  };
}

/** The refusal of a share of something that has no image to show. */
const nothingToShare = (message: string) =>
  new StudioHttpError(studioError(409, 'nothing_to_share', message));

/**
 * `/studio-api/shares` (members and up, auth/access.ts): make a link to one finished job
 * (or one of its images) of one's own (admins and owners: anyone's), list one's links
 * (admins and owners: everyone's), revoke one.
 */
export function shareApiRoutes(deps: ShareApiDeps): Hono {
  const app = new Hono();
  const invalid = rejectInvalid(deps.redact);
  const param = zValidator('param', z.object({ id: shareIdSchema }), (result) => {
    if (!result.success) throw noSuchShare();
  });
  const seesAll = (c: Context) => {
    const { role } = callerOf(c);
    return role === 'owner' || role === 'admin';
  };

  app.get('/shares', async (c) => {
    const now = Date.now();
    const shares = await deps.shares.list(seesAll(c) ? null : callerOf(c).id);
    return c.json({ shares: await Promise.all(shares.map((s) => toShare(deps, s, now))) });
  });

  app.post('/shares', requireJson, zValidator('json', newShareSchema, invalid), async (c) => {
    const caller = callerOf(c);
    const asked = c.req.valid('json');
    const job = await deps.history.get(asked.jobId);
    if (!job) throw jobNotFound();
    if (!mayChangeJob(caller, job.createdBy)) {
      throw new StudioHttpError(
        studioError(403, 'forbidden', 'jobId: a member shares only jobs of their own.'),
      );
    }
    const keys = mediaEntries(job.status === 'completed' ? job.output : null).map((m) => m.key);
    if (keys.length === 0) {
      throw nothingToShare('jobId: only a finished job with images or clips can be shared.');
    }
    const index = asked.index ?? null;
    if (index !== null && !keys.includes(String(index))) {
      throw nothingToShare(
        `index: this job has ${keys.length} ${keys.length === 1 ? 'output' : 'outputs'}, numbered from 0.`,
      );
    }
    if ((await deps.shares.countOpen(caller.id)) >= SHARES_PER_PERSON) {
      throw new StudioHttpError(
        studioError(
          409,
          'too_many_shares',
          `You have ${SHARES_PER_PERSON} share links open, the most one person may; revoke some first.`,
        ),
      );
    }
    const share = await deps.shares.create({
      jobHandle: job.handle,
      index,
      showPrompt: asked.showPrompt ?? false,
      createdBy: caller.id,
      lifetimeMs: (asked.expiresInDays ?? DEFAULT_SHARE_DAYS) * DAY_MS,
    });
    await audited(c, deps.audit, {
      action: 'share_made',
      subject: job.handle,
      detail: { link: share.id, image: index },
    });
    return c.json({ share: await toShare(deps, share, Date.now()) }, 201);
  });

  app.delete('/shares/:id', param, async (c) => {
    const { id } = c.req.valid('param');
    const found = await deps.shares.get(id);
    const caller = callerOf(c);
    // Someone else's link is as unknown to a member as one that never was.
    if (!found || (!seesAll(c) && found.createdBy?.id !== caller.id)) throw noSuchShare();
    const revoked = await deps.shares.revoke(id);
    if (!revoked) throw noSuchShare();
    await audited(c, deps.audit, {
      action: 'share_revoked',
      subject: found.jobHandle,
      detail: { link: id },
    });
    return c.json({ share: await toShare(deps, revoked, Date.now()) });
  });
  return app;
}

interface SharePageDeps extends MediaDeps, ThumbDeps {
  shares: StoredShares;
  history: MediaDeps['history'] & ThumbDeps['history'];
  publicUrl: () => string;
}

/** Requests a share link's page and files take from one address per minute. */
const SHARE_REQUESTS_PER_MINUTE = 240;

const tooMany = (retryAfter: number) =>
  new StudioHttpError(
    studioError(
      429,
      'rate_limited',
      `Too many requests for shared images from this address; try again in ${retryAfter} s.`,
    ),
  );

/**
 * What a share link answers is kept by no cache (a revoked link shows nothing, even to
 * whoever saw it before) and by no search engine.
 */
function unlisted(res: Response): Response {
  res.headers.set('cache-control', 'no-store');
  res.headers.set('x-robots-tag', 'noindex, nofollow');
  return res;
}

/** A share link that shows nothing: the same words whatever the reason, with its status. */
class ShareGone extends Error {
  constructor(readonly status: 404 | 410) {
    super('share link not valid');
  }
}

/**
 * `/s/<token>`: what a share link shows, to anyone who has it, with no session (the route
 * is public, so no session cookie is read, and none is set): a page of its images, and
 * the files under the token's own path, so no job handle is ever in what it answers.
 * Each request reads the link's row, so a revocation holds on every replica at once.
 * Rate-limited per address.
 */
export function sharePageRoutes(deps: SharePageDeps): Hono {
  const app = new Hono();
  const limit = new RateLimit(SHARE_REQUESTS_PER_MINUTE, 60_000);

  /** The link's share and job when it shows something now; else ShareGone. */
  const open = async (c: Context) => {
    const wait = limit.attempt(clientOf(c));
    if (wait !== null) throw tooMany(wait);
    const id = await deps.shares.verify(c.req.param('token') ?? '');
    const share = id === null ? null : await deps.shares.get(id);
    if (share === null) throw new ShareGone(404);
    const job = await deps.history.get(share.jobHandle);
    if (shareState(share, job, Date.now()) !== 'active' || job === null) throw new ShareGone(410);
    const keys = mediaEntries(job.output)
      .map((m) => m.key)
      .filter((k) => share.index === null || k === String(share.index));
    return { share, job, keys };
  };
  const shownKey = (keys: string[], key: string) => {
    if (!KEY_RE.test(key) || !keys.includes(key)) throw noMedia();
    return key;
  };
  app.onError((err, c) => {
    if (err instanceof ShareGone) return unlisted(c.html(shareGonePage(), err.status));
    throw err;
  });

  app.get('/:token', async (c) => {
    const { share, job, keys } = await open(c);
    const base = `/s/${c.req.param('token')}`;
    const media: SharedMedia[] = keys.map((key) => ({
      href: `${base}/${key}`,
      video: job.output !== null && isVideoOutput(job.output),
      dims: job.dims[key] ?? null,
    }));
    // A title can come from the prompt: without the sharer's leave, the page names neither.
    const plain = media[0]?.video
      ? 'A shared clip'
      : media.length > 1
        ? 'Shared images'
        : 'A shared image';
    return unlisted(
      c.html(
        sharePage({
          title: share.showPrompt ? titleOf(job) : plain,
          prompt: share.showPrompt ? job.prompt : null,
          expiresMs: share.expiresMs,
          media,
          absolute: `${deps.publicUrl()}${base}`,
        }),
      ),
    );
  });
  app.get('/:token/:key', async (c) => {
    const { job, keys } = await open(c);
    return unlisted(await outputResponse(deps, job, shownKey(keys, c.req.param('key')), c));
  });
  app.get('/:token/:key/thumb/:size?', async (c) => {
    const size = thumbSize(c.req.param('size'));
    const { job, keys } = await open(c);
    return unlisted(await thumbResponse(deps, job, shownKey(keys, c.req.param('key')), size, c));
  });
  return app;
}
