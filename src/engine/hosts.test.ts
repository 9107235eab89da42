import { afterEach, describe, expect, it } from 'vitest';
import { accountInfoEnvelopeSchema } from '@/contract/account';
import { isFinal, requestAs, startTestEngine, type TestEngine } from './test-support';

let engine: TestEngine | null = null;
afterEach(async () => {
  await engine?.stop();
  engine = null;
});

const EVIL = 'rebind.attacker.example';

async function start(opts: Parameters<typeof startTestEngine>[0] = {}): Promise<TestEngine> {
  engine = await startTestEngine(opts);
  return engine;
}

const portOf = (t: TestEngine) => new URL(t.url).port;

async function creditsOf(t: TestEngine) {
  const res = await t.get('/api/account/info', { 'x-api-key': t.key });
  return accountInfoEnvelopeSchema.parse(await res.json()).data.credit_pack_info;
}

describe('DNS rebinding: the engine on loopback answers only its own names', () => {
  it('answers a rebound name 421 on every route, and runs nothing for it', async () => {
    const t = await start();
    const created = await t.post('diffusion', { text: 'a lighthouse' });
    // Rendering the grid is slow on a busy machine.
    const done = await t.waitFor(created.body.job_id, isFinal, 25_000);
    const grid = `/files/${done.job_id}_grid.png`;
    expect((await t.get(grid)).status).toBe(200);
    const before = await creditsOf(t);
    const host = `${EVIL}:${portOf(t)}`;
    const browser = { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' };
    const create = {
      method: 'POST',
      headers: { ...browser, 'x-api-key': t.key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'spend my credits' }),
    };
    const answers = [
      await requestAs(host, `${t.url}/api/v1/diffusion`, create),
      await requestAs(host, `${t.url}/api/v1/job/${done.job_id}`, { headers: browser }),
      await requestAs(host, `${t.url}/api/account/info`, { headers: { 'x-api-key': t.key } }),
      await requestAs(host, `${t.url}${grid}`, { headers: browser }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(421);
      expect(a.text).toContain(`the host \\"${host}\\"`);
      expect(a.text).toContain('ENGINE_ALLOWED_HOSTS');
    }
    expect(JSON.parse(answers[0]?.text ?? '')).toMatchObject({ error: { code: 421 } });
    expect(await creditsOf(t)).toEqual(before);
    expect(t.audit()).toEqual([]);
  }, 40_000);

  it('answers localhost, 127.0.0.1, [::1] on its port, ENGINE_PUBLIC_URL and ENGINE_ALLOWED_HOSTS', async () => {
    const t = await start({
      publicUrl: 'http://media.example:9000',
      allowedHosts: 'engine.lan, other.lan:1234',
    });
    const port = portOf(t);
    const ok = ['localhost', '127.0.0.1', '[::1]', 'engine.lan']
      .map((name) => `${name}:${port}`)
      .concat(['media.example:9000', 'engine.lan', 'other.lan:1234']);
    for (const host of ok) {
      expect((await requestAs(host, `${t.url}/healthz`)).status, host).toBe(200);
    }
    const refused = ['localhost:1', 'localhost', `other.lan:${port}`, 'media.example:1', EVIL];
    for (const host of refused) {
      expect((await requestAs(host, `${t.url}/api/account/info`)).status, host).toBe(421);
    }
  });

  it('answers health and readiness probes under any name: an orchestrator names the pod by its address', async () => {
    const t = await start();
    const host = `10.42.0.17:${portOf(t)}`;
    for (const path of ['/healthz', '/api/healthz', '/readyz']) {
      expect((await requestAs(host, `${t.url}${path}`)).status, path).toBe(200);
    }
    const info = await requestAs(host, `${t.url}/api/account/info`, {
      headers: { 'x-api-key': t.key },
    });
    expect(info.status).toBe(421);
  });
});
