import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { LATENCY_BUCKETS, jobCounters, newRegistry } from '@/server/metrics';

/** How one upstream request ended. */
export type UpstreamOutcome =
  'ok' | 'client_error' | 'server_error' | 'timeout' | 'unreachable' | 'broken' | 'aborted';

/** The outcome of an answer by its status: 4xx and 5xx apart. */
export const outcomeOfStatus = (status: number): UpstreamOutcome =>
  status >= 500 ? 'server_error' : status >= 400 ? 'client_error' : 'ok';

/** A connection pool's figures (PostgreSQL's). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** What the gauges read when scraped, once the parts they watch exist. */
export interface StudioGauges {
  /** Browser event streams open on this replica. */
  eventStreams: () => number;
  /** Thumbnails waiting for a maker. */
  thumbQueue: () => number;
  /** The database pool, where the driver tells (PostgreSQL); null for SQLite. */
  dbPool: () => PoolStats | null;
}

/**
 * The studio's metrics, in a registry of its own: HTTP (see `httpMetrics`), jobs,
 * upstream requests, event streams, the thumbnail queue, the database pool and the
 * process. Served at `/metrics` (see app.ts for who may read it).
 */
export class StudioMetrics {
  readonly registry: Registry = newRegistry();
  readonly jobs = jobCounters(this.registry);
  private readonly upstreamRequests = new Counter({
    name: 'upstream_requests_total',
    help: 'Requests to the task service, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly upstreamDuration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time to the answer (or failure) of a request to the task service, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  /**
   * Points the gauges at the parts they read (built after the metrics). The pool's are
   * registered only where the driver tells: SQLite's would read 0 as if it had a pool.
   */
  watch(g: StudioGauges): void {
    this.gauge('browser_event_streams', 'Browser event streams open.', g.eventStreams);
    this.gauge('thumbnail_queue_depth', 'Thumbnails waiting for a maker.', g.thumbQueue);
    if (g.dbPool() === null) return;
    const pool = (key: 'total' | 'idle' | 'waiting') => () => g.dbPool()?.[key] ?? 0;
    this.gauge('db_pool_connections', 'Connections in the database pool.', pool('total'));
    this.gauge('db_pool_idle', 'Idle connections in the database pool.', pool('idle'));
    this.gauge('db_pool_waiting', 'Queries waiting for a pool connection.', pool('waiting'));
  }

  private gauge(name: string, help: string, read: () => number): void {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [this.registry],
      collect: () => gauge.set(read()),
    });
  }

  upstreamRequest(outcome: UpstreamOutcome, seconds: number): void {
    this.upstreamRequests.inc({ outcome });
    this.upstreamDuration.observe({ outcome }, seconds);
  }
}
