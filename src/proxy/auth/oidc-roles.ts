import { ROLES, type Role } from '@/contract/people';

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
