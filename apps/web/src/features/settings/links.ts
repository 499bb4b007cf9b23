/**
 * The addresses the settings hand out. The API answers a new share link with its path (`/share/<token>` or
 * `/overlay/<token>`); the dashboard that serves the pages is this origin, so the full address is built here.
 */

/** The full address of a share link from the API's `url` (a path); an absolute `url` is kept as it is. */
export function shareUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** Where an invitation leads: the accept page, the token in the fragment (never sent to a server's logs). */
export function invitationUrl(origin: string, token: string): string {
  return `${origin}/settings/accept#token=${encodeURIComponent(token)}`;
}

/**
 * The token of an invitation link (`#token=gsm_i_...`, `?token=`), of a pasted link, or a pasted token as it is
 * (trimmed); '' for nothing.
 */
export function invitationToken(text: string): string {
  const m = /gsm_i_[A-Za-z0-9_-]+/.exec(decodeURIComponent(text));
  return m ? m[0] : text.trim();
}
