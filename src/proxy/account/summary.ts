import type { AccountSummary } from '@/contract/account-summary';
import { isTerminal } from '@/contract/task';
import type { Logger } from '../log';
import type { JobRecord } from '../model/record';
import type { JobChange } from '../store/history';
import type { StoredQueue } from '../store/queue';
import type { HistoryStore } from '../store/shared-store';
import type { AccountPath, UpstreamClient } from '../upstream/client';
import { UpstreamError } from '../upstream/errors';
import { othersOf, withOwn, type OthersTasks } from './active-tasks';
import { balanceFromInfo, buildSummary } from './build-summary';

const PATHS: readonly AccountPath[] = ['balance', 'info', 'active_tasks'];

/**
 * What a change of a job may have moved: `money` (a create freezes its price, an end
 * consumes or refunds it, a cost changed), or only `tasks` (a state on the way, which the
 * studio knows as well as the service does).
 */
export type AccountChange = 'money' | 'tasks';

interface AccountDeps {
  upstream: Pick<UpstreamClient, 'getAccount'>;
  history: Pick<HistoryStore, 'active' | 'get'>;
  log: Logger;
  /** Gets every summary made after a change (the `account` event). */
  publish: (account: AccountSummary) => void;
  /** How many browsers are watching (open event streams). */
  watchers: () => number;
  /** Whether the service answers: a read that failed waits for it (`serviceBack`). */
  reachable?: () => boolean;
  /** The studio's create queue, whose waiting creates the summary counts. */
  queue?: Pick<StoredQueue, 'waiting'>;
  /** At most one account read starts per this many ms (default 1000). */
  minGapMs?: number;
  /**
   * A change is read this long after it (default 250 ms), so that the changes of one moment
   * (a create and its first state, a burst of completions) make one read, and the read does
   * not land on the instant a completion is being announced and its media fetched.
   */
  settleMs?: number;
  /**
   * A GET with nothing changed since is answered from the figures while the last full
   * read is younger than this (default `minGapMs`); older, it reads all three again.
   */
  fullMs?: number;
}

type Reads = { balance: unknown; info: unknown; active: unknown };
type Settled = PromiseSettledResult<unknown>;
const value = (r: Settled | undefined, before: unknown): unknown =>
  r?.status === 'fulfilled' ? r.value : before;

/** The summary without its read time, to tell whether anything changed. */
const figures = (a: AccountSummary): string => JSON.stringify({ ...a, readAt: '' });

const SEEN_OWN = 2000;

/**
 * The account, kept live by the changes that move it: a job created or ended (or whose
 * cost changed) marks the money stale, and `/account/info` is read again `settleMs` later,
 * at most once per `minGapMs` however many jobs change (a change during a read makes one
 * more read after it). The balance follows from the info (`balanceFromInfo`), and the
 * active tasks are the studio's own as it knows them beside another client's from the last
 * full read (`withOwn`), so another change of state costs no request, and a job two (its
 * create's read and its end's). No timer reads while the studio's own tasks run.
 *
 * All three endpoints are read at the first use and by a page load (a GET with nothing
 * changed, once the last full read is `fullMs` old). Another client's tasks on the same
 * key are the one thing the studio cannot hear of: while the last full read listed some,
 * every read is a full one, and while a browser watches one is made every `minGapMs`,
 * until none is left. Every summary made for a money change, and any that changed a
 * figure, is published to the browsers.
 */
export class AccountService {
  private latest: AccountSummary | null = null;
  private reads: Reads | null = null;
  private others: OthersTasks | null = null;
  private inFlight: Promise<AccountSummary> | null = null;
  /** Whether the read on its way reads all three endpoints. */
  private inFlightFull = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private fullAt = Number.NEGATIVE_INFINITY;
  /** The strongest change not yet in `latest`. */
  private stale: AccountChange | null = null;
  /** When the first change since the last summary came. */
  private staleSince = 0;
  /** A read failed while the service could not be reached: the next waits for it. */
  private missed = false;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  /** Upstream ids of the studio's own jobs lately changed: never another client's. */
  private readonly own = new Set<string>();

  constructor(private readonly deps: AccountDeps) {}

  private get minGapMs(): number {
    return this.deps.minGapMs ?? 1000;
  }

  /** The last full read listed tasks of another client, which the studio hears nothing of. */
  private get othersRun(): boolean {
    return (this.others?.tasks.length ?? 0) > 0 || (this.others?.total ?? 0) > 0;
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  /** Stops reading and waits for a read in flight. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight?.catch(() => undefined);
  }

  /**
   * Something changed the account: a job (upstream id `upstreamId`, when it has one) was
   * created, moved on or finished.
   */
  notify(change: AccountChange = 'money', upstreamId = ''): void {
    if (upstreamId) this.remember(upstreamId);
    if (this.stale === null) this.staleSince = Date.now();
    if (this.stale !== 'money') this.stale = change;
    this.schedule();
  }

  /** The service answers again: a read that failed meanwhile is made now. */
  serviceBack(): void {
    if (!this.missed) return;
    this.missed = false;
    this.schedule();
  }

  /**
   * For `GET /studio-api/account`: a change not yet made is made now (its read rather than
   * at its scheduled time); with none, the figures as last made, which are current, unless
   * the last full read is `fullMs` old: a page load then reads all three again, and so it
   * does while the studio's own jobs change, since only a full read sees another client's
   * tasks. A read on its way that is not a full one is followed by one.
   */
  summary(): Promise<AccountSummary> {
    const fresh = Date.now() - this.fullAt < (this.deps.fullMs ?? this.minGapMs);
    if (this.inFlight) {
      if (this.inFlightFull || fresh) return this.inFlight;
      return this.inFlight.catch(() => undefined).then(() => this.summary());
    }
    if (this.latest && fresh && this.stale === null) return Promise.resolve(this.latest);
    return this.refresh(!fresh);
  }

  private remember(upstreamId: string): void {
    this.own.delete(upstreamId);
    this.own.add(upstreamId);
    if (this.own.size > SEEN_OWN) {
      for (const id of this.own) {
        this.own.delete(id);
        break;
      }
    }
  }

  private schedule(): void {
    if (!this.running || this.inFlight || this.missed) return;
    const follow = this.othersRun && this.deps.watchers() > 0;
    if (this.stale === null && !follow) return;
    if (this.timer) clearTimeout(this.timer);
    const gap = this.lastStart + this.minGapMs;
    const settled = this.staleSince + (this.deps.settleMs ?? 250);
    const due =
      this.stale === null
        ? gap
        : this.stale === 'money' || this.reads === null || this.othersRun
          ? Math.max(gap, settled)
          : settled;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        // Timers run on the event loop's own clock, in whole ms, and the wall clock may
        // step: by `Date.now()` one can fire a few ms early. Wait out the rest rather than
        // read inside the gap.
        if (Date.now() < due) {
          this.schedule();
          return;
        }
        // A read already on its way (a page load) schedules the next one when it ends.
        if (!this.inFlight) void this.refresh(false).catch(() => undefined);
      },
      Math.max(0, due - Date.now()),
    );
    this.timer.unref();
  }

  /**
   * Makes the summary again: with all three reads (`full`, the first, or while another
   * client's tasks run), the info (a money change), or none (only states moved).
   */
  private refresh(full: boolean): Promise<AccountSummary> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const change = this.stale;
    this.stale = null;
    const kind =
      full || this.reads === null || this.othersRun ? 'full' : change === 'money' ? 'info' : 'none';
    this.inFlightFull = kind === 'full';
    const read = this.make(kind)
      .then((summary) => {
        if (kind !== 'none') this.missed = false;
        const changed = this.latest === null || figures(this.latest) !== figures(summary);
        this.latest = summary;
        // A summary for a money change is pushed even when the figures already showed it:
        // browsers read the studio's own ledger again on every push.
        if (changed || change === 'money') this.deps.publish(summary);
        return summary;
      })
      .catch((err: unknown) => {
        // The service is down: not lost, made again once it answers (`serviceBack`).
        if (kind !== 'none' && this.deps.reachable?.() === false) {
          this.missed = true;
          this.stale = 'money';
        }
        throw err;
      })
      .finally(() => {
        this.inFlight = null;
        this.schedule();
      });
    this.inFlight = read;
    return read;
  }

  private async make(kind: 'full' | 'info' | 'none'): Promise<AccountSummary> {
    const now = new Date();
    let reads = this.reads;
    if (kind === 'full') {
      this.lastStart = this.fullAt = now.getTime();
      reads = await this.readAll(reads);
    } else if (kind === 'info' && reads) {
      this.lastStart = now.getTime();
      const info = await this.deps.upstream.getAccount('info');
      reads = { ...reads, info, balance: balanceFromInfo(reads.balance, info, now) };
    }
    if (!reads) throw new Error('the account was never read');
    const ours = await this.deps.history.active();
    const handles = new Map(ours.map((j) => [j.upstreamId, j.handle]));
    const records = await Promise.all(ours.map((j) => this.deps.history.get(j.handle)));
    const own = records.flatMap((job) =>
      job && !isTerminal(job.status)
        ? [
            {
              job_id: job.upstreamId,
              task_type: job.operation,
              status: job.status,
              created_at: job.createdAt,
            },
          ]
        : [],
    );
    if (kind === 'full' || !this.others) {
      const isOurs = (id: string) => handles.has(id) || this.own.has(id);
      this.others = othersOf(reads.active, isOurs, own);
    }
    this.reads = reads;
    const summary = buildSummary(
      { ...reads, active: withOwn(this.others, own) },
      (id) => handles.get(id) ?? null,
      now,
    );
    return { ...summary, studioQueued: (await this.deps.queue?.waiting()) ?? 0 };
  }

  private async readAll(before: Reads | null): Promise<Reads> {
    const results = await Promise.allSettled(PATHS.map((p) => this.deps.upstream.getAccount(p)));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    // A key or account problem is the answer; a single flaky endpoint is not.
    const auth = failures.find(
      (e) => e instanceof UpstreamError && (e.status === 401 || e.status === 403),
    );
    if (auth !== undefined) throw auth;
    if (failures.length === results.length) {
      this.deps.log.warn('account read failed', { err: failures[0] });
      throw failures[0];
    }
    const [balance, info, active] = results;
    const reads = {
      balance: value(balance, before?.balance ?? null),
      info: value(info, before?.info ?? null),
      active: value(active, before?.active ?? null),
    };
    // The balance read failed: it follows from the info that did not.
    if (balance?.status === 'rejected') {
      reads.balance = balanceFromInfo(reads.balance, reads.info, new Date());
    }
    return reads;
  }
}

const SEEN_LIMIT = 2000;

/**
 * A store listener that tells the account service about the changes that move money or
 * slots: a new job, an end and a cost that changed move money; another change of status
 * moves only the active tasks. Progress, favourites and media sizes move nothing.
 */
export function accountChanges(
  history: Pick<HistoryStore, 'get'>,
  account: Pick<AccountService, 'notify'>,
): (change: JobChange) => void {
  const seen = new Map<string, { status: string; cost: string; running: boolean }>();
  const consider = (job: JobRecord | null) => {
    if (!job) return;
    const cost = `${job.cost.frozen}|${job.cost.consumed}`;
    const before = seen.get(job.handle);
    if (before?.status === job.status && before.cost === cost) return;
    seen.delete(job.handle);
    const running = !isTerminal(job.status);
    seen.set(job.handle, { status: job.status, cost, running });
    // Finished jobs are remembered a while, so that starring one does not read the account.
    if (seen.size > SEEN_LIMIT) {
      for (const [handle, s] of seen) {
        if (s.running) continue;
        seen.delete(handle);
        break;
      }
    }
    const money = !before || !running || before.cost !== cost;
    account.notify(money ? 'money' : 'tasks', job.upstreamId);
  };
  // A read that fails only loses a nudge: the next change, or a page load, reads it.
  return (change) => {
    if (change.type !== 'job') return;
    if (change.job) consider(change.job);
    else history.get(change.handle).then(consider, () => undefined);
  };
}
