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
import type { ShareDraft, ShareRecord, StoredShares } from '../store/shares';
import { StudioHttpError, jobNotFound, studioError } from '../studio-error';
import { audited, type AuditLog } from './audited';
import { KEY_RE, noMedia, outputResponse, type MediaDeps } from './media';
import { collectionFile, collectionPage } from './shared-collection';
import { sharePage, shareGonePage, type SharedMedia, type SharePageContent } from './share-page';
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

/** What a link shows, read now: its job, or its collection; null once deleted. */
type Shown = { job: JobRecord } | { collection: { handle: string; name: string } } | null;

async function shownBy(
  deps: { shares: StoredShares; history: Pick<HistoryStore, 'get'> },
  share: ShareRecord,
): Promise<Shown> {
  if (share.collectionId !== null) {
    const name = await deps.shares.collectionName(share.collectionId);
    return name === null ? null : { collection: { handle: share.collectionId, name } };
  }
  const job = share.jobHandle === null ? null : await deps.history.get(share.jobHandle);
  return job === null ? null : { job };
}

/** What a share link shows now: the state its list says, from its row and what it shows. */
function shareState(share: ShareRecord, shown: Shown, now: number): Share['state'] {
  if (share.revokedMs !== null) return 'revoked';
  if (share.expiresMs <= now) return 'expired';
  return shown === null ? 'gone' : 'active';
}

function titleOf(share: ShareRecord, shown: Shown): string {
  if (shown === null) return share.collectionId === null ? 'A deleted job' : 'A deleted collection';
  return 'job' in shown ? titleOfRecord(shown.job) : shown.collection.name;
}

async function toShare(deps: ShareApiDeps, share: ShareRecord, now: number): Promise<Share> {
  const shown = await shownBy(deps, share);
  return {
    id: share.id,
    url: `${deps.publicUrl()}/s/${await deps.shares.token(share.id)}`,
    jobId: share.jobHandle,
    collectionId: share.collectionId,
    index: share.index,
    title: titleOf(share, shown),
    showPrompt: share.showPrompt,
    createdAt: new Date(share.createdMs).toISOString(),
    expiresAt: new Date(share.expiresMs).toISOString(),
    revokedAt: share.revokedMs === null ? null : new Date(share.revokedMs).toISOString(),
    state: shareState(share, shown, now),
    maker: share.createdBy,
  };
}

/** The refusal of a share of something that has no image to show. */
const nothingToShare = (message: string) =>
  new StudioHttpError(studioError(409, 'nothing_to_share', message));

/** What a new link shows, checked, and what the audit log says of it. */
interface Asked {
  shared: ShareDraft['shared'];
  index: number | null;
  subject: string;
  detail: Record<string, unknown>;
}

/** A job to share: finished with images, the caller's own (admins and owners: anyone's). */
async function jobAsked(
  deps: ShareApiDeps,
  c: Context,
  jobId: string,
  asked: number | undefined,
): Promise<Asked> {
  const job = await deps.history.get(jobId);
  if (!job) throw jobNotFound();
  if (!mayChangeJob(callerOf(c), job.createdBy)) {
    throw new StudioHttpError(
      studioError(403, 'forbidden', 'jobId: a member shares only jobs of their own.'),
    );
  }
  const keys = mediaEntries(job.status === 'completed' ? job.output : null).map((m) => m.key);
  if (keys.length === 0) {
    throw nothingToShare('jobId: only a finished job with images or clips can be shared.');
  }
  const index = asked ?? null;
  if (index !== null && !keys.includes(String(index))) {
    throw nothingToShare(
      `index: this job has ${keys.length} ${keys.length === 1 ? 'output' : 'outputs'}, numbered from 0.`,
    );
  }
  return {
    shared: { job: job.handle },
    index,
    subject: job.handle,
    detail: { image: index },
  };
}

/**
 * A collection to share: any, as everyone signed in sees every collection (members and
 * up may share, as the route table says); the link shows what it holds when it is read.
 */
async function collectionAsked(deps: ShareApiDeps, handle: string): Promise<Asked> {
  const name = await deps.shares.collectionName(handle);
  if (name === null) {
    throw new StudioHttpError(
      studioError(404, 'not_found', 'collectionId: no collection with that id in this studio.'),
    );
  }
  return {
    shared: { collection: handle },
    index: null,
    subject: handle,
    detail: { collection: name },
  };
}

/**
 * `/studio-api/shares` (members and up, auth/access.ts): make a link to one finished job
 * (or one of its images) of one's own (admins and owners: anyone's) or to any collection,
 * list one's links (admins and owners: everyone's), revoke one.
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
    const what =
      asked.collectionId !== undefined
        ? await collectionAsked(deps, asked.collectionId)
        : await jobAsked(deps, c, asked.jobId ?? '', asked.index);
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
      shared: what.shared,
      index: what.index,
      showPrompt: asked.showPrompt ?? false,
      createdBy: caller.id,
      lifetimeMs: (asked.expiresInDays ?? DEFAULT_SHARE_DAYS) * DAY_MS,
    });
    await audited(c, deps.audit, {
      action: 'share_made',
      subject: what.subject,
      detail: { link: share.id, ...what.detail },
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
      subject: found.jobHandle ?? found.collectionId,
      detail: { link: id },
    });
    return c.json({ share: await toShare(deps, revoked, Date.now()) });
  });
  return app;
}

interface SharePageDeps extends MediaDeps, ThumbDeps {
  shares: StoredShares;
  history: MediaDeps['history'] & ThumbDeps['history'] & Pick<HistoryStore, 'list'>;
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

/** The media keys a job's link shows: all of the job's, or the one image shared. */
const jobKeys = (share: ShareRecord, job: JobRecord): string[] =>
  mediaEntries(job.output)
    .map((m) => m.key)
    .filter((k) => share.index === null || k === String(share.index));

/** A job link's page: its images under the link's path by their index. */
function jobPage(share: ShareRecord, job: JobRecord, base: string): SharePageContent {
  const media: SharedMedia[] = jobKeys(share, job).map((key) => ({
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
  return {
    title: share.showPrompt ? titleOfRecord(job) : plain,
    prompt: share.showPrompt ? job.prompt : null,
    media,
  };
}

/**
 * `/s/<token>`: what a share link shows, to anyone who has it, with no session (the route
 * is public, so no session cookie is read, and none is set): a page of its images (a
 * job's, or a collection's as it is now), and the files under the token's own path, so
 * no job or collection handle is ever in what it answers.
 * Each request reads the link's row, so a revocation holds on every replica at once.
 * Rate-limited per address.
 */
export function sharePageRoutes(deps: SharePageDeps): Hono {
  const app = new Hono();
  const limit = new RateLimit(SHARE_REQUESTS_PER_MINUTE, 60_000);

  /** The link's share and what it shows when it shows something now; else ShareGone. */
  const open = async (c: Context) => {
    const wait = limit.attempt(clientOf(c));
    if (wait !== null) throw tooMany(wait);
    const id = await deps.shares.verify(c.req.param('token') ?? '');
    const share = id === null ? null : await deps.shares.get(id);
    if (share === null) throw new ShareGone(404);
    const shown = await shownBy(deps, share);
    if (shareState(share, shown, Date.now()) !== 'active' || shown === null) {
      throw new ShareGone(410);
    }
    return { share, shown };
  };
  /** The job and media key a file's path names; 404 for what the link does not show. */
  const fileOf = async (c: Context): Promise<{ job: JobRecord; key: string }> => {
    const { share, shown } = await open(c);
    const key = c.req.param('key') ?? '';
    if ('collection' in shown) {
      const found = await collectionFile(deps, share.id, shown.collection.handle, key);
      if (found === null) throw noMedia();
      return found;
    }
    if (!KEY_RE.test(key) || !jobKeys(share, shown.job).includes(key)) throw noMedia();
    return { job: shown.job, key };
  };
  app.onError((err, c) => {
    if (err instanceof ShareGone) return unlisted(c.html(shareGonePage(), err.status));
    throw err;
  });

  app.get('/:token', async (c) => {
    const { share, shown } = await open(c);
    const base = `/s/${c.req.param('token')}`;
    const facts =
      'job' in shown
        ? jobPage(share, shown.job, base)
        : await collectionPage(deps, share, shown.collection, base);
    return unlisted(
      c.html(
        sharePage({
          ...facts,
          expiresMs: share.expiresMs,
          absolute: `${deps.publicUrl()}${base}`,
        }),
      ),
    );
  });
  app.get('/:token/:key', async (c) => {
    const { job, key } = await fileOf(c);
    return unlisted(await outputResponse(deps, job, key, c));
  });
  app.get('/:token/:key/thumb/:size?', async (c) => {
    const size = thumbSize(c.req.param('size'));
    const { job, key } = await fileOf(c);
    return unlisted(await thumbResponse(deps, job, key, size, c));
  });
  return app;
}
