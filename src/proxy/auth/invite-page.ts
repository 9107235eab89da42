import type { Role } from '@/contract/people';
import { MIN_PASSWORD } from '@/contract/people';
import { escape, noticeOf, plainPage } from './login-page';

const ARTICLE: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  member: 'a member',
  viewer: 'a viewer',
};

/** What the invite page's form was sent with, to show again beside what was wrong. */
export interface InviteForm {
  name: string;
  email: string;
}

/**
 * The page an invite link opens: who the new person is (name, email, a password typed
 * twice). An invite for one email shows it, read-only: the person gets that one.
 * `action` is the link's own path, token included.
 */
export function invitePage(
  action: string,
  invite: { role: Role; email: string | null },
  form: InviteForm,
  message: string | null,
): string {
  const email = invite.email ?? form.email;
  const locked = invite.email === null ? '' : ' readonly aria-describedby="email-note"';
  const note =
    invite.email === null ? '' : '<p id="email-note">This invite is for this email only.</p>';
  return plainPage(
    'Join the studio',
    `<form method="post" action="${escape(action)}">
  <h1>Join the studio</h1>
  <p>You are invited as ${ARTICLE[invite.role]}. Choose your name and a password.</p>
  ${noticeOf(message)}
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escape(form.name)}" required autofocus>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" value="${escape(email)}" required${locked}>
  ${note}
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" required aria-describedby="password-note">
  <p id="password-note">At least ${MIN_PASSWORD} characters.</p>
  <label for="confirm">Confirm password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" required>
  <button type="submit">Join</button>
</form>`,
  );
}

/** A page of one message: a link that makes no one (whatever the reason), or too many tries. */
export function inviteMessagePage(message: string): string {
  return plainPage(
    'Invite',
    `<main>
  <h1>Studio</h1>
  <p class="error" role="alert">${escape(message)}</p>
  <a href="/login">Sign in</a>
</main>`,
  );
}
