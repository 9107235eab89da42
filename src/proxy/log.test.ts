import { describe, expect, it } from 'vitest';
import { createLogger } from '@/server/log';
import type { LogLevel } from '@/server/settings';
import { loadProxyConfig } from './config';
import { createRedactor } from './log';

/** A logger whose lines are kept, parsed. */
function kept(level: LogLevel, redact?: (line: string) => string) {
  const lines: string[] = [];
  const log = createLogger({
    level,
    ...(redact ? { redact } : {}),
    destination: { write: (line) => void lines.push(line) },
  });
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, lines, parsed };
}

describe('createLogger', () => {
  it('writes one JSON line with time, level by name, msg and the fields', () => {
    const { log, parsed } = kept('info');
    log.warn('job finished', { status: 'failed', err: new TypeError('boom') });
    expect(parsed()).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        level: 'warn',
        msg: 'job finished',
        status: 'failed',
        err: 'TypeError: boom',
      },
    ]);
  });

  it.each([
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at LOG_LEVEL=%s writes %j', (level, written) => {
    const { log, parsed } = kept(level);
    log.info('a');
    log.warn('b');
    log.error('c');
    expect(parsed().map((l) => l.level)).toEqual(written);
  });

  it('redacts UUIDs and secrets anywhere in the line, nested fields, messages and errors too', () => {
    const { log, lines } = kept('info', createRedactor(['sk-live-secret', 'pass"word']));
    const uuid = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
    log.error(`task ${uuid} failed`, {
      nested: { id: uuid.replaceAll('-', ''), key: 'sk-live-secret' },
      err: new Error(`upstream said ${uuid} with sk-live-secret`),
      quoted: 'pass"word',
    });
    const line = lines.join('');
    expect(line).not.toMatch(/3f2a9c1e|sk-live-secret|pass\\?"word/);
    expect(line).toContain('task [id] failed');
    expect(line).toContain('"key":"[secret]"');
    expect(line).toContain('"quoted":"[secret]"');
    expect(line).toContain('upstream said [id] with [secret]');
  });
});

describe('LOG_LEVEL', () => {
  const allowed = 'must be one of trace, debug, info, warn, error, fatal, silent';

  it('refuses a bad value at start, naming the variable and the allowed values', () => {
    const proxyEnv = {
      UPSTREAM_URL: 'http://127.0.0.1:8090',
      UPSTREAM_API_KEY: 'k',
      LOG_LEVEL: 'loud',
    };
    expect(() => loadProxyConfig(proxyEnv)).toThrow(`LOG_LEVEL: ${allowed}`);
  });
});
