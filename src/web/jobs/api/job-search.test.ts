import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJob } from '@/web/lib/testing/fixtures';
import { jobListParams, jobMightMatch, promptMightMatch } from './job-search';

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const query = (s: string) => Object.fromEntries(new URLSearchParams(s));

describe('jobListParams', () => {
  it('sends only the page size for no filter', () => {
    expect(jobListParams({}, 50)).toBe('limit=50');
  });

  it('asks for the page above a job with after', () => {
    expect(jobListParams({}, 50, { after: '77' })).toBe('after=77&limit=50');
  });

  it('names every filter as GET /studio-api/jobs does, with the cursor of the page', () => {
    const s = jobListParams(
      {
        q: '  lig sto ',
        operations: ['upscale', 'enhance_upscale'],
        statuses: ['completed'],
        favourite: true,
        from: '2026-01-01',
        to: '2026-01-31',
      },
      20,
      { cursor: '1234' },
    );
    expect(query(s)).toEqual({
      cursor: '1234',
      limit: '20',
      q: 'lig sto',
      operation: 'upscale,enhance_upscale',
      status: 'completed',
      favourite: 'true',
      // Local days in Berlin (UTC+1 in January); `to` is the start of the day after.
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-01-31T23:00:00.000Z',
    });
  });

  it('leaves out a blank search and empty lists', () => {
    expect(jobListParams({ q: '   ', operations: [], statuses: [] }, 5)).toBe('limit=5');
  });
});

describe('promptMightMatch', () => {
  it('is sure of ASCII words against an ASCII prompt: each word a prefix of a word', () => {
    const prompt = 'A Lighthouse in a storm --ar 16:9';
    expect(promptMightMatch(prompt, 'lig sto')).toBe(true);
    expect(promptMightMatch(prompt, 'LIGHT')).toBe(true);
    expect(promptMightMatch(prompt, 'ar 16')).toBe(true);
    expect(promptMightMatch(prompt, 'lig fox')).toBe(false);
    expect(promptMightMatch(prompt, 'house')).toBe(false);
  });

  it('says maybe for anything it cannot decide exactly', () => {
    expect(promptMightMatch('Bjørn at the café', 'bjo')).toBe(true);
    expect(promptMightMatch('a lighthouse', 'café')).toBe(true);
    expect(promptMightMatch('a lighthouse', '  ,, ')).toBe(true);
  });

  it('reads only the words the server reads (the first 12)', () => {
    const twelve = 'a b c d e f g h i j k l';
    expect(promptMightMatch('a b c d e f g h i j k l', `${twelve} zzz`)).toBe(true);
  });
});

describe('jobMightMatch', () => {
  const job = makeJob({
    operation: 'upscale',
    status: 'processing',
    favourite: false,
    prompt: 'a red fox in the snow',
    createdAt: '2026-01-10T12:00:00.000Z',
  });

  it('is false only for what the job surely is not', () => {
    expect(jobMightMatch(job, {})).toBe(true);
    expect(jobMightMatch(job, { operations: ['diffusion'] })).toBe(false);
    expect(jobMightMatch(job, { operations: ['diffusion', 'upscale'] })).toBe(true);
    expect(jobMightMatch(job, { statuses: ['completed', 'failed'] })).toBe(false);
    expect(jobMightMatch(job, { favourite: true })).toBe(false);
    expect(jobMightMatch({ ...job, favourite: true }, { favourite: true })).toBe(true);
    expect(jobMightMatch(job, { q: 'fox sn' })).toBe(true);
    expect(jobMightMatch(job, { q: 'lighthouse' })).toBe(false);
  });

  it('compares the creation time with whole local days', () => {
    expect(jobMightMatch(job, { from: '2026-01-10', to: '2026-01-10' })).toBe(true);
    expect(jobMightMatch(job, { from: '2026-01-11' })).toBe(false);
    expect(jobMightMatch(job, { to: '2026-01-09' })).toBe(false);
    // 00:30 in Berlin on the 11th is still the 10th in UTC: the local day decides.
    const late = { ...job, createdAt: '2026-01-10T23:30:00.000Z' };
    expect(jobMightMatch(late, { to: '2026-01-10' })).toBe(false);
    expect(jobMightMatch(late, { from: '2026-01-11' })).toBe(true);
  });
});
