import { z } from 'zod';
import { isLoopbackBind } from '@/contract/allowed-hosts';
import { httpUrlRe } from '@/contract/urls';
import type { SettingDoc } from '@/server/settings';
import { ROLES, type Role } from '@/contract/people';

/** Where the provider sends the browser back to. */
export const OIDC_CALLBACK_PATH = '/login/oidc/callback';

/** An https URL, or an http one on this machine (a provider for development or tests). */
function secureOrLoopback(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || isLoopbackBind(url.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
}

/**
 * The OIDC_ settings, part of the studio's (`proxyConfigSchema`): sign-in at the team's
 * OpenID Connect provider beside the password (see `auth/oidc.ts`).
 */
export const oidcConfigShape = {
  oidcIssuer: z
    .string()
    .regex(httpUrlRe({ host: true, query: false }), {
      error: 'must be the https:// URL of the provider (its issuer), e.g. https://id.example.com',
    })
    .refine(secureOrLoopback, {
      error: 'must be an https:// URL (http:// only for a provider on this machine)',
    })
    .optional(),
  oidcClientId: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  oidcClientSecret: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  oidcRedirectUrl: z
    .string()
    .regex(httpUrlRe({ host: true, query: false }), {
      error:
        'must be an http:// or https:// URL without query, e.g. https://studio.example.com/login/oidc/callback',
    })
    .refine((u) => new URL(u).pathname === OIDC_CALLBACK_PATH, {
      error: `must end in the studio's callback path, ${OIDC_CALLBACK_PATH}`,
    })
    .optional(),
  oidcName: z.string().trim().min(1).max(60, { error: 'must be at most 60 characters' }).optional(),
  oidcRoleClaim: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(200, { error: 'must be at most 200 characters' })
    .default('groups'),
  /** Checked here, read by `oidcSettings` (auth/oidc.ts). */
  oidcRoles: z
    .string()
    .superRefine((text, ctx) => {
      try {
        parseRoleRules(text);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    })
    .optional(),
};

/** What `oidcProblems` reads of the studio's settings. */
type OidcConfigFields = Partial<Record<keyof typeof oidcConfigShape, unknown>> & {
  publicUrl?: string;
  studioPassword?: string;
};

/** Their variables and meanings, for `--help` and README.md (see `PROXY_SETTINGS`). */
export const OIDC_SETTINGS = {
  oidcIssuer: {
    env: 'OIDC_ISSUER',
    meaning:
      'OpenID Connect: the issuer URL of the team\'s provider (discovered at `/.well-known/openid-configuration`); sign-in there beside passwords (see "OpenID Connect" in README.md); needs `STUDIO_PASSWORD`',
  },
  oidcClientId: {
    env: 'OIDC_CLIENT_ID',
    defaultText: 'required with `OIDC_ISSUER`',
    meaning: "the studio's client id at the provider",
  },
  oidcClientSecret: {
    env: 'OIDC_CLIENT_SECRET',
    fromFile: true,
    defaultText: 'required with `OIDC_ISSUER`',
    meaning: "the studio's client secret at the provider, or a file holding it",
  },
  oidcRedirectUrl: {
    env: 'OIDC_REDIRECT_URL',
    defaultText:
      '`PUBLIC_URL/login/oidc/callback`; required with `OIDC_ISSUER` when `PUBLIC_URL` is unset',
    meaning: 'the redirect URL registered at the provider, as browsers reach the studio',
  },
  oidcName: {
    env: 'OIDC_NAME',
    defaultText: "the issuer's host",
    meaning: 'the provider\'s name on the sign-in page ("Sign in with …")',
  },
  oidcRoleClaim: {
    env: 'OIDC_ROLE_CLAIM',
    meaning:
      'the claim (of the ID token or userinfo) whose values `OIDC_ROLES` matches groups against',
  },
  oidcRoles: {
    env: 'OIDC_ROLES',
    defaultText: 'required with `OIDC_ISSUER`',
    meaning:
      "who gets which role, comma-separated: `role=group` (a value of the role claim), `role=@domain` (a verified email's domain), `role=*` (anyone); the strongest match wins, no match is refused",
  },
} as const satisfies Record<keyof typeof oidcConfigShape, SettingDoc>;

/**
 * OIDC_ISSUER's companions: each problem names its setting. Sign-in at a provider needs
 * the studio's sign-in (STUDIO_PASSWORD, whose owner stays the way in when the provider
 * is down), a client, a redirect URL and role rules; without OIDC_ISSUER none may be set.
 */
export function oidcProblems(config: OidcConfigFields): string[] {
  const companions = {
    OIDC_CLIENT_ID: config.oidcClientId,
    OIDC_CLIENT_SECRET: config.oidcClientSecret,
    OIDC_ROLES: config.oidcRoles,
  };
  if (config.oidcIssuer === undefined) {
    const stray = {
      ...companions,
      OIDC_REDIRECT_URL: config.oidcRedirectUrl,
      OIDC_NAME: config.oidcName,
    };
    return Object.entries(stray)
      .filter(([, v]) => v !== undefined)
      .map(([name]) => `${name}: is set, but OIDC_ISSUER is not; set both, or neither`);
  }
  const problems = Object.entries(companions)
    .filter(([, v]) => v === undefined)
    .map(([name]) => `${name}: is required with OIDC_ISSUER`);
  if (config.oidcRedirectUrl === undefined && config.publicUrl === undefined) {
    problems.push(
      `OIDC_REDIRECT_URL: is required with OIDC_ISSUER when PUBLIC_URL is unset: the URL browsers reach the studio at, ending in ${OIDC_CALLBACK_PATH}`,
    );
  }
  if (config.studioPassword === undefined) {
    problems.push(
      "OIDC_ISSUER: needs STUDIO_PASSWORD (or STUDIO_PASSWORD_FILE): the studio's sign-in, and the owner's way in when the provider is down",
    );
  }
  return problems;
}

/**
 * One entry of OIDC_ROLES: a role and whom it is for, a group the role claim names
 * (`admin=studio-admins`), everyone of a verified email domain (`member=@example.com`),
 * or everyone the provider signs in (`viewer=*`).
 */
export type RoleRule =
  { role: Role; group: string } | { role: Role; domain: string } | { role: Role; anyone: true };

/** What the provider says of a person, as far as their role goes. */
export interface RoleClaims {
  /** The role claim's values (a list, or one string). */
  groups: readonly string[];
  email: string | null;
  emailVerified: boolean;
}

const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const ROLES_EXAMPLE = 'admin=studio-admins,member=studio-members,viewer=@example.com';

/**
 * OIDC_ROLES as written: comma-separated `role=group`, `role=@domain` or `role=*`. Throws
 * an Error naming the entry and what is allowed.
 */
export function parseRoleRules(text: string): RoleRule[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) {
    throw new Error(`must name at least one role, e.g. ${ROLES_EXAMPLE}`);
  }
  return entries.map((entry): RoleRule => {
    const eq = entry.indexOf('=');
    const role = entry.slice(0, eq).trim().toLowerCase();
    const value = entry.slice(eq + 1).trim();
    if (eq < 0 || !(ROLES as readonly string[]).includes(role) || value === '') {
      throw new Error(
        `${JSON.stringify(entry)} is not role=group, role=@domain or role=*, with a role of ${ROLES.join(', ')} (e.g. ${ROLES_EXAMPLE})`,
      );
    }
    const r = role as Role;
    if (value === '*') return { role: r, anyone: true };
    if (value.startsWith('@')) {
      const domain = value.slice(1).toLowerCase();
      if (!DOMAIN_RE.test(domain)) {
        throw new Error(`${JSON.stringify(entry)}: ${JSON.stringify(value)} is not @ and a domain`);
      }
      return { role: r, domain };
    }
    return { role: r, group: value };
  });
}

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether a rule is for this person; a domain only by an email the provider verified. */
function matches(rule: RoleRule, claims: RoleClaims): boolean {
  if ('anyone' in rule) return true;
  if ('group' in rule) return claims.groups.includes(rule.group);
  return claims.email !== null && claims.emailVerified && domainOf(claims.email) === rule.domain;
}

/** The strongest role any rule gives this person; null when none is for them. */
export function roleFor(rules: readonly RoleRule[], claims: RoleClaims): Role | null {
  return ROLES.find((role) => rules.some((r) => r.role === role && matches(r, claims))) ?? null;
}
