import { describe, expect, it } from 'vitest';
import { callbackUrlProblem } from './callback-url';

describe('callback URL at create', () => {
  it('accepts public and loopback literals and any host name (checked when it is sent)', () => {
    for (const url of [
      'https://hooks.example.com/task?x=1',
      'http://127.0.0.1:8080/hooks/abc',
      'http://[::1]:8080/hooks/abc',
      'https://8.8.8.8/',
      'http://metadata.google.internal/',
    ]) {
      expect(callbackUrlProblem(url, false), url).toBeNull();
    }
  });

  it('lets ENGINE_ALLOW_PRIVATE_FETCH=1 name private literals, never credentials', () => {
    expect(callbackUrlProblem('http://10.0.0.1/hook', true)).toBeNull();
    expect(callbackUrlProblem('http://10.0.0.1/hook', false)).toMatch(/10\.0\.0\.1 is a private/);
    expect(callbackUrlProblem('http://a:b@10.0.0.1/hook', true)).toMatch(/credentials/);
  });
});
