import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formatIssues } from './errors';

const messageOf = (schema: z.ZodType, value: unknown): string => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a rejection');
  return formatIssues(r.error);
};

describe('formatIssues', () => {
  it('prefixes each message with its field path, indexes in brackets', () => {
    const schema = z.object({
      mask: z.object({ areas: z.array(z.object({ width: z.number({ error: 'bad width' }) })) }),
    });
    expect(messageOf(schema, { mask: { areas: [{ width: 1 }, { width: 'x' }] } })).toBe(
      'mask.areas[1].width: bad width',
    );
  });

  it('joins several problems with "; " in order', () => {
    const schema = z.object({
      a: z.string({ error: 'need a' }),
      b: z.string({ error: 'need b' }),
    });
    expect(messageOf(schema, {})).toBe('a: need a; b: need b');
  });

  it('a root-level problem has no prefix', () => {
    expect(messageOf(z.string({ error: 'must be text' }), 1)).toBe('must be text');
  });

  it('says the same sentence once', () => {
    const list = z
      .array(z.string(), { error: 'must be a list of 2 to 5' })
      .min(2, { error: 'must be a list of 2 to 5' })
      .max(5, { error: 'must be a list of 2 to 5' });
    expect(messageOf(z.object({ imgUrls: list }), { imgUrls: 'https://x.com/a-long-url' })).toBe(
      'imgUrls: must be a list of 2 to 5',
    );
  });
});
