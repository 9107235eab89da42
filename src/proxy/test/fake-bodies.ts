import { fixture } from './fixtures';

/** A rejection in the TaskResponse shape, as the service sends for task endpoints. */
export function errorTask(code: number, message: string): Record<string, unknown> {
  return {
    job_id: '',
    model: '',
    task_type: '',
    status: 'failed',
    config: { service_mode: '', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: null,
    meta: null,
    detail: null,
    logs: null,
    error: { code, raw_message: '', message, detail: null },
  };
}

export function accountBody(what: string, created: number): unknown {
  if (what === 'balance') return fixture('account-balance');
  const data =
    what === 'info'
      ? {
          id: 1,
          name: 'Studio Tester',
          is_enable: true,
          plan: 'pro',
          type: 'user',
          max_concurrent_task_count: 6,
          wallet: { point_remain: 1048, point_frozen: 80, point_used: 920 },
          credit_pack_info: { total_credits: 80000, available_credits: 71000, frozen_credits: 0 },
          api_keys: null,
        }
      : { account_id: 1, total_active: created, concurrent_limit: 6, tasks: [] };
  return { code: 200, data, message: 'success' };
}
