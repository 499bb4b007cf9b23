/**
 * Where a visitor goes after signing in: back to the page that asked for a session (`/login?next=<path>`), with
 * the hash it had (an invitation link's `#token=...`) kept in this tab's sessionStorage, so a secret never travels
 * in a URL a server could log.
 */
const HASH_KEY = 'gsm.next-hash';

/** A path of this app only (never another origin): `/x`, not `//host` or `https://...`. */
export function nextPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : undefined;
}

export function rememberHash(hash: string): void {
  if (hash) sessionStorage.setItem(HASH_KEY, hash.replace(/^#/, ''));
  else sessionStorage.removeItem(HASH_KEY);
}

/** The page to open after signing in (path, query and remembered hash); the servers when none was asked for. */
export function afterSignIn(next: string | undefined): string {
  const path = nextPath(next);
  const hash = sessionStorage.getItem(HASH_KEY);
  sessionStorage.removeItem(HASH_KEY);
  if (!path) return '/servers';
  return hash ? `${path}#${hash}` : path;
}
