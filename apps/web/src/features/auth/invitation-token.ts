/**
 * The token of an invitation link (`#token=gsm_i_...`, `?token=`), of a pasted link, or a pasted code as it is
 * (trimmed); '' for nothing.
 */
export function invitationToken(text: string): string {
  const m = /gsm_i_[A-Za-z0-9_-]+/.exec(decodeURIComponent(text));
  return m ? m[0] : text.trim();
}
