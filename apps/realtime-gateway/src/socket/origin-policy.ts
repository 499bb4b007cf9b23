/**
 * Whether a browser origin may open a realtime connection: the same origin as the request, or one of the
 * configured CORS origins. A request without an Origin header is not from a browser page and is allowed (the token
 * authenticates it; no ambient credential such as a cookie is used).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
