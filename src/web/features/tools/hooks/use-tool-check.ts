import { useState } from 'react';
import type { CreateJobRequest } from '@/contract/create-job-schema';
import type { FieldIssues } from '@/web/jobs/utils/validate-params';
import type { ToolCheck } from '../utils/tool-params';

/**
 * Messages appear after the first submit and then follow every change, so fixing a field
 * clears its message at once. Submit sends only a create the contract accepts.
 */
export function useToolCheck(check: ToolCheck, submit: (body: CreateJobRequest) => void) {
  const [tried, setTried] = useState(false);
  const issues: FieldIssues | null = tried ? check.issues : null;
  const onSubmit = () => {
    setTried(true);
    if (!check.issues) submit(check.body);
  };
  return { issues, onSubmit };
}
