import fs from 'node:fs';
import { z } from 'zod';
import { formatIssues } from '@/contract/errors';

const amount = z.number().int().min(0);

/** One entry of the ENGINE_ACCOUNTS file; amounts are the totals ever granted. */
export const accountSpecSchema = z.object({
  apiKey: z.string().trim().min(8, 'must be a string of at least 8 characters'),
  name: z.string().trim().min(1),
  enabled: z.boolean().default(true),
  whitelisted: z.boolean().default(false),
  credits: amount.default(100_000),
  points: amount.default(0),
  concurrency: z.number().int().min(1).max(1000).default(6),
  stagedLimit: z.number().int().min(0).max(100_000).default(20),
  dailyErrorLimit: z.number().int().min(1).default(500),
  webhookSecret: z.string().min(1).optional(),
});
export type AccountSpec = z.infer<typeof accountSpecSchema>;

const accountsFileSchema = z
  .array(accountSpecSchema)
  .min(1, 'must list at least one account')
  .superRefine((specs, ctx) => {
    const seen = new Set<string>();
    specs.forEach((s, i) => {
      if (seen.has(s.apiKey)) {
        ctx.addIssue({ code: 'custom', path: [i, 'apiKey'], message: 'is used by two accounts' });
      }
      seen.add(s.apiKey);
    });
  });

/** The account a fresh engine makes when no accounts file is given. */
export const devAccountSpec = (apiKey: string): AccountSpec =>
  accountSpecSchema.parse({ apiKey, name: 'dev', whitelisted: true, credits: 1_000_000 });

/** Reads and checks the accounts file; the error names the file and every bad entry. */
export function readAccountsFile(file: string): AccountSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`ENGINE_ACCOUNTS=${file}: cannot read a JSON array of accounts (${why})`, {
      cause: err,
    });
  }
  const result = accountsFileSchema.safeParse(json);
  if (!result.success) {
    throw new Error(`ENGINE_ACCOUNTS=${file}: ${formatIssues(result.error)}`);
  }
  return result.data;
}
