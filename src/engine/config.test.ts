import { describe, expect, it } from 'vitest';
import { loadEngineConfig } from './config';

describe('loadEngineConfig', () => {
  it('fills every default', () => {
    expect(loadEngineConfig({})).toEqual({
      port: 8090,
      host: '127.0.0.1',
      dataDir: './data/engine',
      publicUrl: undefined,
      accountsFile: undefined,
      taskMs: 4000,
      faultRate: 0,
      jobTtlS: 259200,
      extendWindowS: 259200,
      allowPrivateFetch: false,
      enhanceUpscale: false,
      allowedHosts: [],
      alertUsd: 10,
      metricsToken: undefined,
      logLevel: 'info',
    });
  });

  it('ENGINE_ALLOWED_HOSTS is a comma-separated list of names, each with or without a port', () => {
    const config = loadEngineConfig({
      ENGINE_ALLOWED_HOSTS: 'engine.lan, engine.example.com:8443,',
    });
    expect(config.allowedHosts).toEqual(['engine.lan', 'engine.example.com:8443']);
    expect(() =>
      loadEngineConfig({ ENGINE_ALLOWED_HOSTS: 'engine.lan,http://engine.lan' }),
    ).toThrow(
      /ENGINE_ALLOWED_HOSTS="engine.lan,http:\/\/engine.lan": "http:\/\/engine.lan" is not a host name or host:port/,
    );
  });

  it('ENGINE_ENHANCE_UPSCALE is on or off', () => {
    expect(loadEngineConfig({ ENGINE_ENHANCE_UPSCALE: 'on' }).enhanceUpscale).toBe(true);
    expect(loadEngineConfig({ ENGINE_ENHANCE_UPSCALE: 'off' }).enhanceUpscale).toBe(false);
    expect(() => loadEngineConfig({ ENGINE_ENHANCE_UPSCALE: 'yes' })).toThrow(
      /ENGINE_ENHANCE_UPSCALE="yes": must be on or off/,
    );
  });

  it('reads the ENGINE_* variables; empty means unset', () => {
    const config = loadEngineConfig({
      ENGINE_PORT: '0',
      ENGINE_PUBLIC_URL: 'https://media.example/',
      ENGINE_FAULT_RATE: '0.25',
      ENGINE_TASK_MS: '',
      ENGINE_ALERT_USD: '1.5',
    });
    expect(config).toMatchObject({
      alertUsd: 1.5,
      port: 0,
      publicUrl: 'https://media.example',
      faultRate: 0.25,
      taskMs: 4000,
    });
  });

  it('ENGINE_PUBLIC_URL is an http(s) URL with a host, that parses', () => {
    for (const url of ['http://127.0.0.1:8090', 'HTTPS://media.example/a?b', 'http://[::1]:1']) {
      expect(loadEngineConfig({ ENGINE_PUBLIC_URL: url }).publicUrl).toBe(url);
    }
    for (const url of ['ftp://x', 'http:///x', 'http://a:99999', 'http://a b', 'media.example']) {
      expect(() => loadEngineConfig({ ENGINE_PUBLIC_URL: url }), url).toThrow(/must be an http/);
    }
  });

  it('lists every bad setting by its variable name', () => {
    const load = () =>
      loadEngineConfig({
        ENGINE_PORT: 'eighty',
        ENGINE_FAULT_RATE: '2',
        ENGINE_PUBLIC_URL: 'ftp://x',
      });
    expect(load).toThrow(/ENGINE_PORT="eighty": must be an integer from 0 to 65535/);
    expect(load).toThrow(/ENGINE_FAULT_RATE="2": must be a number from 0 to 1/);
    expect(load).toThrow(/ENGINE_PUBLIC_URL="ftp:\/\/x": must be an http/);
  });
});

describe('LOG_LEVEL of the engine', () => {
  it('is info unless set; a bad value is refused, naming the variable and the allowed values', () => {
    expect(loadEngineConfig({}).logLevel).toBe('info');
    expect(loadEngineConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadEngineConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL="verbose": must be one of trace, debug, info, warn, error, fatal, silent',
    );
  });
});
