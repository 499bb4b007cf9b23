/**
 * The addresses the settings hand out. The API answers a new share link with its path (`/share/<token>` or
 * `/overlay/<token>`); the dashboard that serves the pages is this origin, so the full address is built here.
 */

/** The full address of a share link from the API's `url` (a path); an absolute `url` is kept as it is. */
export function shareUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}
