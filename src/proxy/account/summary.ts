import type { AccountSummary } from '@/contract/account-summary';
import { isTerminal } from '@/contract/task';
import type { Logger } from '../log';
import type { JobRecord } from '../model/record';
import type { JobChange } from '../store/history';
import type { HistoryStore } from '../store/shared-store';
import type { AccountPath, UpstreamClient } from '../upstream/client';
import { UpstreamError } from '../upstream/errors';
import { buildSummary } from './build-summary';

const PATHS: readonly AccountPath[] = ['balance', 'info', 'active_tasks'];

interface AccountDeps {
  upstream: Pick<UpstreamClient, 'getAccount'>;
  history: Pick<HistoryStore, 'active'>;
  log: Logger;
  /** Gets every summary read after a change (the `account` event). */
  publish: (account: AccountSummary) => void;
  /** How many browsers are watching (open event streams). */
  watchers: () => number;
  /** At most one account read starts per this many ms (default 1000). */
  minGapMs?: number;
  /**
   * A change is read this long after it (default 250 ms), so that the changes of one moment
   * (a create and its first state, a burst of completions) make one read, and the read does
   * not land on the instant a completion is being announced and its media fetched.
   */
  settleMs?: number;
  /**
   * With tasks running and a browser watching, read this often (default `minGapMs`). When
   * the service calls back with every state, the job changes bring the reads and this is
   * only the net for tasks the studio does not hear of (another client's, on the same key).
   */
  followMs?: () => number;
  /** With browsers watching and nothing running, read this often anyway (default 30 s). */
  idleMs?: number;
}

type Settled = PromiseSettledResult<unknown>;
const value = (r: Settled | undefined): unknown => (r?.status === 'fulfilled' ? r.value : null);

/** The summary without its read time, to tell whether anything changed. */
const figures = (a: AccountSummary): string => JSON.stringify({ ...a, readAt: '' });

/**
 * The account, kept live: a job created or changed marks it stale, and it is read again
 * `settleMs` later, and at most once per `minGapMs` however many jobs change (a change
 * during a read makes one more read after it), so the figures are never more than about a
 * second behind the service. While tasks run and a browser watches, it is read every
 * `followMs` too (task states can move on the service without telling anyone); otherwise
 * every `idleMs`. A read for a job change, and any read that changed a figure, is
 * published to the browsers.
 */
export class AccountService {
  private latest: AccountSummary | null = null;
  private inFlight: Promise<AccountSummary> | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private stale = false;
  /** When the first change since the last read came. */
  private staleSince = 0;
  private running = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: AccountDeps) {}

  private get minGapMs(): number {
    return this.deps.minGapMs ?? 1000;
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

  /** Something changed the account (a job was created, moved on or finished). */
  notify(): void {
    if (!this.stale) this.staleSince = Date.now();
    this.stale = true;
    this.schedule();
  }

  /**
   * For `GET /studio-api/account`: the figures read less than `minGapMs` ago (a change
   * since then is already scheduled to be read and pushed), else a read now.
   */
  summary(): Promise<AccountSummary> {
    if (this.inFlight) return this.inFlight;
    if (this.latest && Date.now() - this.lastStart < this.minGapMs) {
      return Promise.resolve(this.latest);
    }
    return this.refresh();
  }

  private schedule(): void {
    if (!this.running || this.inFlight) return;
    if (this.timer) clearTimeout(this.timer);
    const idleMs = this.deps.idleMs ?? 30_000;
    const watched = this.deps.watchers() > 0;
    const busy = (this.latest?.activeTasks ?? 0) > 0;
    const followMs = this.deps.followMs?.() ?? this.minGapMs;
    const due = this.stale
      ? Math.max(this.lastStart + this.minGapMs, this.staleSince + (this.deps.settleMs ?? 250))
      : watched && busy
        ? this.lastStart + Math.max(followMs, this.minGapMs)
        : watched
          ? this.lastStart + idleMs
          : Date.now() + idleMs;
    this.timer = setTimeout(() => this.tick(), Math.max(0, due - Date.now()));
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    // A read already on its way (a page load) schedules the next one when it ends.
    if (this.inFlight) return;
    if (this.stale || this.deps.watchers() > 0) void this.refresh().catch(() => undefined);
    else this.schedule();
  }

  private refresh(): Promise<AccountSummary> {
    this.lastStart = Date.now();
    // A read for a job change is pushed even when the service's figures already showed it
    // (a timed read can see a task finish before the studio has stored it): browsers read
    // the studio's own ledger again on every push.
    const forChange = this.stale;
    this.stale = false;
    const read = this.load()
      .then((summary) => {
        const changed = this.latest === null || figures(this.latest) !== figures(summary);
        this.latest = summary;
        if (changed || forChange) this.deps.publish(summary);
        return summary;
      })
      .finally(() => {
        this.inFlight = null;
        this.schedule();
      });
    this.inFlight = read;
    return read;
  }

  private async load(): Promise<AccountSummary> {
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
    const ours = await this.deps.history.active();
    const handles = new Map(ours.map((j) => [j.upstreamId, j.handle]));
    const [balance, info, active] = results;
    return buildSummary(
      { balance: value(balance), info: value(info), active: value(active) },
      (id) => handles.get(id) ?? null,
      new Date(),
    );
  }
}

const SEEN_LIMIT = 2000;

/**
 * A store listener that tells the account service about the changes that move money or
 * slots: a new job, and a job whose status or cost changed. Progress, favourites and
 * media sizes do not.
 */
export function accountChanges(
  history: Pick<HistoryStore, 'get'>,
  account: Pick<AccountService, 'notify'>,
): (change: JobChange) => void {
  const seen = new Map<string, { key: string; running: boolean }>();
  const consider = (job: JobRecord | null) => {
    if (!job) return;
    const key = `${job.status}|${job.cost.frozen}|${job.cost.consumed}`;
    if (seen.get(job.handle)?.key === key) return;
    seen.delete(job.handle);
    seen.set(job.handle, { key, running: !isTerminal(job.status) });
    // Finished jobs are remembered a while, so that starring one does not read the account.
    if (seen.size > SEEN_LIMIT) {
      for (const [handle, s] of seen) {
        if (s.running) continue;
        seen.delete(handle);
        break;
      }
    }
    account.notify();
  };
  // A read that fails only loses a nudge: the account is read on its own schedule too.
  return (change) => {
    if (change.type !== 'job') return;
    if (change.job) consider(change.job);
    else history.get(change.handle).then(consider, () => undefined);
  };
}
