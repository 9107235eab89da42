import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadProxyConfig } from './config';
import { parseRoleRules, roleFor } from './oidc-settings';

const base = {
  UPSTREAM_URL: 'http://127.0.0.1:8090',
  UPSTREAM_API_KEY: 'sk-live-secret-value',
  STUDIO_PASSWORD: 'the owner password',
};
const oidc = {
  ...base,
  OIDC_ISSUER: 'https://id.example.com/realms/team',
  OIDC_CLIENT_ID: 'studio',
  OIDC_CLIENT_SECRET: 'a client secret',
  OIDC_ROLES: 'admin=studio-admins, member=@example.com ,viewer=*',
  PUBLIC_URL: 'https://studio.example.com',
};

/** The message of what `loadProxyConfig` throws for `env`. */
const problems = (env: NodeJS.ProcessEnv): string => {
  try {
    loadProxyConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
};

describe('the OIDC settings', () => {
  it('reads a provider, its client (secret from a file too) and the role rules', () => {
    const config = loadProxyConfig(oidc);
    expect(config).toMatchObject({
      oidcIssuer: 'https://id.example.com/realms/team',
      oidcClientId: 'studio',
      oidcClientSecret: 'a client secret',
      oidcRoleClaim: 'groups',
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'oidc-secret-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'secret'), 'from a file\n');
    const { OIDC_CLIENT_SECRET: _, ...noSecret } = oidc;
    const fromFile = { ...noSecret, OIDC_CLIENT_SECRET_FILE: path.join(dir, 'secret') };
    expect(loadProxyConfig(fromFile).oidcClientSecret).toBe('from a file');
  });

  it('names each missing companion of OIDC_ISSUER, and each stray one without it', () => {
    const text = problems({ ...base, OIDC_ISSUER: 'https://id.example.com' });
    expect(text).toContain('OIDC_CLIENT_ID: is required with OIDC_ISSUER');
    expect(text).toContain('OIDC_CLIENT_SECRET: is required with OIDC_ISSUER');
    expect(text).toContain('OIDC_ROLES: is required with OIDC_ISSUER');
    expect(text).toContain(
      'OIDC_REDIRECT_URL: is required with OIDC_ISSUER when PUBLIC_URL is unset',
    );
    const { STUDIO_PASSWORD: _, ...noPassword } = oidc;
    expect(problems(noPassword)).toContain('OIDC_ISSUER: needs STUDIO_PASSWORD');
    expect(problems({ ...base, OIDC_CLIENT_ID: 'studio' })).toContain(
      'OIDC_CLIENT_ID: is set, but OIDC_ISSUER is not',
    );
  });

  it('refuses an http issuer off this machine, a redirect URL to another path, bad role rules', () => {
    expect(problems({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toContain(
      'OIDC_ISSUER: must be an https:// URL (http:// only for a provider on this machine)',
    );
    expect(loadProxyConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidcIssuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(problems({ ...oidc, OIDC_REDIRECT_URL: 'https://studio.example.com/cb' })).toContain(
      "OIDC_REDIRECT_URL: must end in the studio's callback path, /login/oidc/callback",
    );
    expect(problems({ ...oidc, OIDC_ROLES: 'boss=studio-admins' })).toContain(
      'OIDC_ROLES: "boss=studio-admins" is not role=group, role=@domain or role=*, with a role of owner, admin, member, viewer',
    );
    expect(problems({ ...oidc, OIDC_ROLES: 'member=@not a domain' })).toContain(
      'OIDC_ROLES: "member=@not a domain": "@not a domain" is not @ and a domain',
    );
  });
});

describe('role rules', () => {
  const rules = parseRoleRules('admin=studio-admins,member=@example.com,viewer=*');
  const claims = (groups: string[], email: string | null, emailVerified = true) => ({
    groups,
    email,
    emailVerified,
  });

  it('gives the strongest role any rule is for', () => {
    expect(roleFor(rules, claims(['studio-admins'], 'ana@example.com'))).toBe('admin');
    expect(roleFor(rules, claims([], 'ana@EXAMPLE.com'))).toBe('member');
    expect(roleFor(rules, claims([], 'cy@elsewhere.org'))).toBe('viewer');
  });

  it('matches a domain only by a verified email, and nothing without a rule for the person', () => {
    const strict = parseRoleRules('member=@example.com');
    expect(roleFor(strict, claims([], 'ana@example.com', false))).toBeNull();
    expect(roleFor(strict, claims([], 'ana@example.com.evil.org'))).toBeNull();
    expect(roleFor(strict, claims(['@example.com'], null))).toBeNull();
  });
});
