import { useQuery } from '@tanstack/react-query';
import type { Person } from '@/contract/people';
import type { Job } from '@/contract/studio-api';
import { meQuery } from '@/web/lib/me';

/** Who is signed in; undefined until the studio has said. */
export function useMe(): Person | undefined {
  return useQuery(meQuery).data?.me;
}

/** What the person signed in may do with one job, as the studio decides it. */
export interface JobRights {
  /** Favourite, unfavourite, delete: admins and owners any job, members their own. */
  change: boolean;
  /** Follow-ups (upscale, vary, remix, edit, …), which make a job of their own: not viewers. */
  followUp: boolean;
  /** Put it in a ZIP with its prompt and params: everyone but a member on another's job. */
  export: boolean;
}

/**
 * The rights of `me` on a job made by `maker`. Until the studio has said who is signed
 * in, everything: the studio itself refuses what a role may not do, so the app only
 * hides what would be refused. A job with no known maker counts as the owner's.
 */
export function jobRights(
  me: Pick<Person, 'id' | 'role'> | undefined,
  maker: Job['maker'],
): JobRights {
  if (!me) return { change: true, followUp: true, export: true };
  const own = maker != null && maker.id === me.id;
  switch (me.role) {
    case 'owner':
    case 'admin':
      return { change: true, followUp: true, export: true };
    case 'member':
      return { change: own, followUp: true, export: own };
    case 'viewer':
      return { change: false, followUp: false, export: true };
  }
}

/** `jobRights` for the person signed in. */
export function useJobRights(job: Pick<Job, 'maker'>): JobRights {
  return jobRights(useMe(), job.maker);
}
