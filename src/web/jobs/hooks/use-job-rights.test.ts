import { describe, expect, it } from 'vitest';
import { jobRights } from './use-job-rights';

const ANA = { id: 'AnaAnaAna123', name: 'Ana' };
const as = (role: 'owner' | 'admin' | 'member' | 'viewer') => ({ id: ANA.id, role });
const BENS = { id: 'BenBenBen123', name: 'Ben' };

describe('what the person signed in may do with a job', () => {
  it('follows the studio: admins and owners anything, members their own, viewers no change', () => {
    expect(jobRights(as('owner'), BENS)).toEqual({ change: true, followUp: true, export: true });
    expect(jobRights(as('admin'), BENS)).toEqual({ change: true, followUp: true, export: true });
    expect(jobRights(as('member'), ANA)).toEqual({ change: true, followUp: true, export: true });
    expect(jobRights(as('member'), BENS)).toEqual({ change: false, followUp: true, export: false });
    expect(jobRights(as('viewer'), ANA)).toEqual({ change: false, followUp: false, export: true });
  });

  it('counts a job of no known maker as the owner’s, and hides nothing before the studio says', () => {
    expect(jobRights(as('member'), null).change).toBe(false);
    expect(jobRights(as('owner'), null).change).toBe(true);
    expect(jobRights(undefined, BENS)).toEqual({ change: true, followUp: true, export: true });
  });
});
