import type { Role } from '@/contract/people';

/** Someone the provider signed in, and the role its claims give them. */
export interface ProviderAccount {
  issuer: string;
  /** `sub`: the provider's stable id of the account. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  role: Role;
}

/** What a sign-in at the provider must be checked against when the browser comes back. */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where to go once signed in: a path on this site (`safeNext`). */
  next: string;
}
