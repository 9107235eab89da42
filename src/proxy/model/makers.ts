import type { Job } from '@/contract/studio-api';
import type { JobRecord } from './record';
import { UNKNOWN_MAKER, toJob } from './to-job';

/** Where the names of people come from (the store's people, removed ones included). */
export interface NameSource {
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;
}

/**
 * Jobs as the browser sees them, each with its maker's name. A person's name does not
 * change once made, so names are kept once read: a page of jobs asks the database only
 * for the makers it has not seen, on whichever replica made them.
 */
export class Makers {
  private readonly known = new Map<string, string>();

  constructor(private readonly source: NameSource) {}

  /** The names of the makers of these jobs, by id. */
  async namesFor(recs: readonly Pick<JobRecord, 'createdBy'>[]): Promise<Map<string, string>> {
    const ids = new Set<string>();
    for (const r of recs) if (r.createdBy !== null) ids.add(r.createdBy);
    const missing = [...ids].filter((id) => !this.known.has(id));
    if (missing.length > 0) {
      const found = await this.source.namesOf(missing);
      for (const id of missing) this.known.set(id, found.get(id) ?? UNKNOWN_MAKER);
    }
    return new Map([...ids].map((id) => [id, this.known.get(id) ?? UNKNOWN_MAKER]));
  }

  async jobs(recs: readonly JobRecord[]): Promise<Job[]> {
    const names = await this.namesFor(recs);
    return recs.map((r) => toJob(r, names));
  }

  async job(rec: JobRecord): Promise<Job> {
    return toJob(rec, await this.namesFor([rec]));
  }
}
