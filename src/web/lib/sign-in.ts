/**
 * Takes the page to the sign-in page, to come back here after. `ended`: the studio ended
 * this person's sessions (removed, or their role changed), which the sign-in page says.
 */
export function goToSignIn(ended: boolean): void {
  const next = encodeURIComponent(window.location.pathname + window.location.search);
  window.location.assign(`/login?next=${next}${ended ? '&ended=1' : ''}`);
}
