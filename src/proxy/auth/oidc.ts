import * as client from 'openid-client';
import { EMAIL_RE } from '@/contract/people';
import type { ProxyConfig } from '../config';
import { OIDC_CALLBACK_PATH, parseRoleRules, roleFor, type RoleRule } from '../oidc-settings';
import { SessionCookie } from './cookie';
import type { OidcTransaction, ProviderAccount } from '../model/oidc';

/** OIDC_* as the studio uses them, checked at start (`oidcProblems`). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registered at the provider: where it sends the browser back. */
  redirectUrl: string;
  /** "Sign in with <name>". */
  name: string;
  roleClaim: string;
  roles: readonly RoleRule[];
}

/** The OIDC settings, or null when OIDC_ISSUER is unset. */
function oidcSettings(config: ProxyConfig): OidcSettings | null {
  const { oidcIssuer, oidcClientId, oidcClientSecret, oidcRoles } = config;
  if (!oidcIssuer || !oidcClientId || !oidcClientSecret || !oidcRoles) return null;
  return {
    issuer: oidcIssuer,
    clientId: oidcClientId,
    clientSecret: oidcClientSecret,
    redirectUrl: config.oidcRedirectUrl ?? `${config.publicUrl ?? ''}${OIDC_CALLBACK_PATH}`,
    name: config.oidcName ?? new URL(oidcIssuer).host,
    roleClaim: config.oidcRoleClaim,
    roles: parseRoleRules(oidcRoles),
  };
}

/**
 * Sign-in at the provider, when OIDC_ISSUER is set: the client, and the cookie of a
 * sign-in under way (SameSite=Lax: the provider's redirect back is another site's).
 */
export function oidcAuth(
  config: ProxyConfig,
  https: boolean,
): { signIn: OidcSignIn; cookie: SessionCookie } | null {
  const settings = oidcSettings(config);
  if (!settings) return null;
  return {
    signIn: new OidcSignIn(settings),
    cookie: new SessionCookie(https, 'studio_oidc', 'Lax'),
  };
}

/** Why a callback signs no one in; each has its own words on the sign-in page. */
type OidcRefusal =
  /** The provider answered with an error (the person declined, or it refused the client). */
  | { kind: 'provider_error'; error: string }
  /** The callback's `state` is not the transaction's: not the sign-in this browser began. */
  | { kind: 'state_mismatch' }
  /** The token endpoint refused the code: used already, expired, or not this client's. */
  | { kind: 'code_refused' }
  /** The answer failed a check: its issuer, the ID token's signature, audience, nonce, expiry. */
  | { kind: 'token_invalid' }
  /** The provider could not be reached (discovery, token or userinfo). */
  | { kind: 'unreachable' }
  /** Signed in at the provider, but no OIDC_ROLES entry is for them. */
  | { kind: 'no_role' };

export type OidcFinish =
  { kind: 'account'; account: ProviderAccount } | (OidcRefusal & { detail?: string });

type Claims = Record<string, unknown>;

/** A claim by name, else by a dotted path into objects (`realm_access.roles`). */
function claimAt(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Claims)[part];
  }
  return at;
}

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : null;

/**
 * The studio as a client of the team's provider: authorization code flow with PKCE
 * (S256), `state` and `nonce`, by openid-client, which checks the ID token (signature by
 * the provider's published keys, issuer, audience = OIDC_CLIENT_ID, expiry, nonce).
 * The provider is discovered at the first sign-in and kept; a failed discovery is tried
 * again at the next.
 */
export class OidcSignIn {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  get name(): string {
    return this.settings.name;
  }

  private configuration(): Promise<client.Configuration> {
    const s = this.settings;
    const issuer = new URL(s.issuer);
    // http only for a provider on this machine (the settings refuse it elsewhere).
    const insecure = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {};
    this.discovered ??= client
      .discovery(issuer, s.clientId, s.clientSecret, undefined, { timeout: 10, ...insecure })
      .catch((e: unknown) => {
        this.discovered = null;
        throw e;
      });
    return this.discovered;
  }

  /** A new sign-in: the provider's URL to send the browser to, and what to keep for the callback. */
  async start(next: string): Promise<{ url: URL; transaction: OidcTransaction }> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const transaction: OidcTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      next,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /**
   * The callback's query checked against the transaction, the code exchanged, the ID
   * token checked, and the account's claims (the ID token's, then userinfo's for those it
   * lacks) read into an account with its role.
   */
  async finish(query: URLSearchParams, tx: OidcTransaction): Promise<OidcFinish> {
    const error = query.get('error');
    if (error !== null) {
      const description = query.get('error_description');
      return { kind: 'provider_error', error: description ? `${error}: ${description}` : error };
    }
    if (query.get('state') !== tx.state) return { kind: 'state_mismatch' };
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch (e) {
      return { kind: 'unreachable', detail: String(e) };
    }
    // The URL as the provider was told it (behind a proxy the request's own may differ).
    const current = new URL(this.settings.redirectUrl);
    current.search = query.toString();
    let claims: Claims;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: tx.codeVerifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return { kind: 'token_invalid', detail: 'no ID token' };
      claims = { ...idToken };
      if (config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...idToken };
      }
    } catch (e) {
      return { ...refusalOf(e), detail: String(e) };
    }
    return this.account(claims);
  }

  private account(claims: Claims): OidcFinish {
    // Not an address the studio can keep: as if none was given.
    const given = text(claims.email);
    const email = given !== null && EMAIL_RE.test(given) ? given : null;
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    const groups = strings(claimAt(claims, this.settings.roleClaim));
    const role = roleFor(this.settings.roles, { groups, email, emailVerified });
    if (role === null) return { kind: 'no_role' };
    const sub = String(claims.sub);
    return {
      kind: 'account',
      account: {
        issuer: String(claims.iss),
        subject: sub,
        email,
        emailVerified,
        name: text(claims.name) ?? text(claims.preferred_username) ?? email ?? sub,
        role,
      },
    };
  }
}

/** What an error of openid-client means to the person signing in. */
function refusalOf(e: unknown): OidcRefusal {
  if (e instanceof client.ResponseBodyError) return { kind: 'code_refused' };
  if (e instanceof client.AuthorizationResponseError) {
    return { kind: 'provider_error', error: e.error };
  }
  const code = (e as { code?: unknown }).code;
  if (code === 'OAUTH_TIMEOUT' || (e instanceof TypeError && /fetch/i.test(e.message))) {
    return { kind: 'unreachable' };
  }
  return { kind: 'token_invalid' };
}
